/**
 * A large file's upload in parts (the server's multipart actions), with one
 * progress figure for the whole file: up to 4 parts in flight, each retried
 * (3 attempts) on its own, cancel aborting the requests and the upload, and
 * resume: the upload's id is kept in localStorage under the file's name,
 * size, type and date (resumableUploads.ts), so choosing the same file after
 * a reload asks the server which parts it already has and sends only the rest.
 *
 * Pause: abort the signal with `UPLOAD_PAUSED` as its reason. The requests in
 * flight stop, the upload stays open on the server and remembered here, and
 * the call rejects with UploadPausedError; calling again with the same file
 * resumes. A part is stored whole or not at all (S3 keeps nothing of a PUT
 * cut short), so the parts the pause cut short are sent again from their
 * start: the progress figure drops to what is stored, and the error names the
 * bytes of those parts that had been sent (`cutShortBytes`), for the widget to
 * say why the figure dropped (a pause before any part is stored shows 0%).
 *
 * No React and no app code here: the API calls are passed in.
 */
import { putFile, UploadAbortedError } from './putFile';
import {
  defaultUploadMemory,
  forgetUpload,
  type RememberedUpload,
  recallUpload,
  rememberUpload,
  resumeKey,
  type UploadMemory,
} from './resumableUploads';

/** The abort reason that pauses a multipart upload instead of cancelling it. */
export const UPLOAD_PAUSED = 'upload-paused';

/** A paused upload (not a cancelled one): resumable by calling again with the same file. */
export class UploadPausedError extends UploadAbortedError {
  override readonly name: string = 'UploadPausedError';
  /** Bytes sent of the parts the pause cut short: not stored, sent again on resume. */
  readonly cutShortBytes: number;
  constructor(cutShortBytes = 0) {
    super('Upload paused');
    this.cutShortBytes = cutShortBytes;
  }
}

export interface MultipartSteps {
  create(file: {
    filename: string;
    contentType: string;
    byteSize: number;
  }): Promise<{ asset: { id: number }; partSize: number; partCount: number }>;
  signParts(
    assetId: number,
    partNumbers: number[],
  ): Promise<{
    parts: Array<{ partNumber: number; url: string }>;
    uploaded: Array<{ partNumber: number; etag: string }>;
  }>;
  recordPart(assetId: number, partNumber: number, etag: string): Promise<unknown>;
  /** Completes and verifies (the server confirms): what confirm returns. */
  complete(assetId: number): Promise<unknown>;
  abort(assetId: number): Promise<unknown>;
}

/** PUTs one part and returns the ETag the store answered. Tests pass a fake. */
export type PutPart = (
  url: string,
  body: Blob,
  options: { onProgress: (loaded: number) => void; signal: AbortSignal },
) => Promise<string>;

export interface MultipartOptions {
  onStarted?: (assetId: number) => void;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  putPart?: PutPart;
  /** Parts in flight at once. Default 4. */
  concurrency?: number;
  /** Where resumable uploads are remembered. Default: localStorage when there is one. */
  storage?: UploadMemory;
  /** Stored with the remembered upload, so a page can list its interrupted ones (`rememberedUploads`). */
  resumeScope?: string;
  /** Milliseconds before a part's second and third attempts. */
  retryDelays?: readonly number[];
}

const ATTEMPTS = 3;

const xhrPutPart: PutPart = async (url, body, { onProgress, signal }) => {
  const etag = await putFile({ uploadUrl: url, method: 'PUT', headers: {} }, body, {
    onProgress: (loaded) => onProgress(loaded),
    signal,
  });
  if (!etag) throw new Error('The store did not expose the ETag of a part (bucket CORS: ExposeHeaders ETag).');
  return etag;
};

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new UploadAbortedError());
      },
      { once: true },
    );
  });
}

/** The remembered upload of this file, if the server still has it: its id and the parts already there. */
async function resume(
  steps: MultipartSteps,
  remembered: RememberedUpload | undefined,
): Promise<{ upload: RememberedUpload; uploaded: Set<number> } | undefined> {
  if (!remembered) return undefined;
  try {
    const { uploaded } = await steps.signParts(remembered.assetId, [1]);
    return { upload: remembered, uploaded: new Set(uploaded.map((part) => part.partNumber)) };
  } catch {
    return undefined; // completed, cancelled or cleaned up meanwhile: start again
  }
}

/** Uploads `file` in parts and completes it; returns what `steps.complete` returns. */
export async function uploadMultipart(
  file: File,
  steps: MultipartSteps,
  options: MultipartOptions = {},
): Promise<unknown> {
  const { onStarted, onProgress, putPart = xhrPutPart, concurrency = 4, retryDelays = [500, 2000] } = options;
  const signal = options.signal ?? new AbortController().signal;
  const storage = options.storage ?? defaultUploadMemory();
  const key = resumeKey(file);
  const resumed = await resume(steps, recallUpload(storage, key));
  let upload: RememberedUpload;
  let uploaded: Set<number>;
  if (resumed) {
    ({ upload, uploaded } = resumed);
  } else {
    const created = await steps.create({ filename: file.name, contentType: file.type, byteSize: file.size });
    upload = {
      key,
      assetId: created.asset.id,
      partSize: created.partSize,
      partCount: created.partCount,
      filename: file.name,
      byteSize: file.size,
      ...(options.resumeScope !== undefined ? { scope: options.resumeScope } : {}),
    };
    uploaded = new Set();
    rememberUpload(storage, upload);
  }
  onStarted?.(upload.assetId);
  const { assetId, partSize, partCount } = upload;
  const sizeOf = (n: number) => Math.min(partSize, file.size - (n - 1) * partSize);

  // One figure for the file: recorded parts, parts in the store being recorded, and the bytes sent of
  // those on their way. Only the last are lost to a pause.
  const sending = new Map<number, number>();
  const recording = new Map<number, number>();
  const sum = (bytes: Map<number, number>) => [...bytes.values()].reduce((a, b) => a + b, 0);
  let done = [...uploaded].reduce((total, n) => total + sizeOf(n), 0);
  const report = () => onProgress?.(done + sum(recording) + sum(sending), file.size);
  report();

  const sendPart = async (partNumber: number) => {
    const body = file.slice((partNumber - 1) * partSize, (partNumber - 1) * partSize + sizeOf(partNumber));
    for (let attempt = 1; ; attempt++) {
      try {
        const { parts } = await steps.signParts(assetId, [partNumber]);
        const url = parts[0]?.url;
        if (!url) throw new Error(`No URL for part ${partNumber}`);
        const etag = await putPart(url, body, {
          signal,
          onProgress: (loaded) => {
            sending.set(partNumber, loaded);
            report();
          },
        });
        // In the store: a pause from here on does not cut it short (recordPart is not aborted).
        sending.delete(partNumber);
        recording.set(partNumber, body.size);
        await steps.recordPart(assetId, partNumber, etag);
        recording.delete(partNumber);
        done += body.size;
        report();
        return;
      } catch (error) {
        // Not recorded: the server does not count it, and neither does the figure.
        if (recording.delete(partNumber)) report();
        // Stopped: what it had sent stays in `sending` for the pause to count.
        if (signal.aborted || error instanceof UploadAbortedError) throw new UploadAbortedError();
        sending.delete(partNumber);
        if (attempt >= ATTEMPTS) throw error;
        await wait(retryDelays[attempt - 1] ?? 2000, signal);
      }
    }
  };

  const queue = Array.from({ length: partCount }, (_, i) => i + 1).filter((n) => !uploaded.has(n));
  const worker = async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await sendPart(next);
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, queue.length) }, worker));
    if (signal.aborted) throw new UploadAbortedError();
    const result = await steps.complete(assetId);
    forgetUpload(storage, key);
    return result;
  } catch (error) {
    queue.length = 0; // the other workers stop after their current part
    // Paused: the upload stays open on the server and remembered here, to be resumed.
    if (signal.aborted && signal.reason === UPLOAD_PAUSED) {
      // The parts cut short are sent again from their start: count only what is stored, and say what was lost.
      const cutShort = sum(sending);
      sending.clear();
      report();
      throw new UploadPausedError(cutShort);
    }
    if (signal.aborted || error instanceof UploadAbortedError) {
      forgetUpload(storage, key);
      // Best effort: the cleanup job removes it otherwise.
      await steps.abort(assetId).catch(() => undefined);
      throw new UploadAbortedError();
    }
    // Kept in storage: choosing the same file again resumes.
    throw error;
  }
}
