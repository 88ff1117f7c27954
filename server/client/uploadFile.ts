/**
 * One file's upload, step by step: presign (the API) -> PUT the bytes to the
 * presigned URL -> confirm (the API) -> attach (the API). The API steps are
 * passed in, so this module stays free of app code; no React here.
 */
import { MiB } from '../shared/byteSizes';
import { CLIENT_CHECKSUM_MAX_BYTES, fileSha256 } from './fileSha256';
import { type CreateRequest, putFile, UploadAbortedError } from './putFile';
import { type MultipartSteps, uploadMultipart } from './uploadMultipart';

/** Files of this size or more go in parts when the steps include `multipart`. */
export const MULTIPART_THRESHOLD = 64 * MiB;

export interface PresignedUpload {
  asset: { id: number };
  uploadUrl: string;
  method: string;
  headers: Record<string, string>;
}

export interface UploadSteps<Result> {
  /** `checksumSha256` is set for files up to `checksumMaxBytes`: pass it on to the presign action. */
  presign(file: {
    filename: string;
    contentType: string;
    byteSize: number;
    checksumSha256?: string;
  }): Promise<PresignedUpload>;
  confirm(assetId: number): Promise<unknown>;
  attach(assetId: number): Promise<Result>;
  /** The server's multipart actions: large files (`multipartThreshold`) go in parts, resumable. */
  multipart?: MultipartSteps;
}

export type UploadStage =
  | 'presigning'
  | 'uploading'
  | 'confirming'
  | 'attaching'
  | 'done'
  | 'failed'
  | 'cancelled'
  /** Multipart only: stopped with `UPLOAD_PAUSED`, resumable (uploadMultipart.ts). */
  | 'paused';

export interface UploadCallbacks {
  onStage?: (stage: UploadStage, assetId?: number) => void;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  createRequest?: CreateRequest;
  /** Files up to this size are hashed (SHA-256) and the upload signs the hash. Default 32 MiB; 0 turns it off. */
  checksumMaxBytes?: number;
  /** Files of this size or more go in parts (when `steps.multipart` is given). Default 64 MiB. */
  multipartThreshold?: number;
  /** Multipart: what the upload is for, remembered with it (`rememberedUploads(scope)` lists them after a reload). */
  resumeScope?: string;
}

/** Whether `uploadFile` sends this file in parts (and so can pause and resume). */
export function goesInParts(
  file: Pick<File, 'size'>,
  steps: Pick<UploadSteps<unknown>, 'multipart'>,
  threshold = MULTIPART_THRESHOLD,
): boolean {
  return steps.multipart !== undefined && file.size >= threshold;
}

/** presign -> PUT -> confirm -> attach for one file; stops (UploadAbortedError) between steps once aborted. */
export async function uploadFile<Result>(
  file: File,
  steps: UploadSteps<Result>,
  callbacks: UploadCallbacks = {},
): Promise<Result> {
  const { onStage, onProgress, signal, createRequest, multipartThreshold = MULTIPART_THRESHOLD } = callbacks;
  const { checksumMaxBytes = CLIENT_CHECKSUM_MAX_BYTES } = callbacks;
  const check = () => {
    if (signal?.aborted) throw new UploadAbortedError();
  };
  if (steps.multipart && goesInParts(file, steps, multipartThreshold))
    return uploadInParts(file, steps, steps.multipart, callbacks);
  onStage?.('presigning');
  const checksumSha256 = await fileSha256(file, checksumMaxBytes);
  check();
  const presigned = await steps.presign({
    filename: file.name,
    contentType: file.type,
    byteSize: file.size,
    ...(checksumSha256 ? { checksumSha256 } : {}),
  });
  check();
  onStage?.('uploading', presigned.asset.id);
  await putFile(presigned, file, { onProgress, signal, createRequest });
  check();
  onStage?.('confirming', presigned.asset.id);
  await steps.confirm(presigned.asset.id);
  return attachUploaded(presigned.asset.id, steps, callbacks);
}

/**
 * The last step alone, for a file already stored and confirmed: `uploadFile`'s own end, and
 * `useUpload`'s Retry after only the attach failed. A cancel stops it up to here: once attach is sent
 * the server attaches whatever the browser does next, so the 'attaching' stage offers no Cancel
 * (isCancellable in UploadItem.ts).
 */
export async function attachUploaded<Result>(
  assetId: number,
  steps: Pick<UploadSteps<Result>, 'attach'>,
  { onStage, signal }: UploadCallbacks = {},
): Promise<Result> {
  if (signal?.aborted) throw new UploadAbortedError();
  onStage?.('attaching', assetId);
  const result = await steps.attach(assetId);
  onStage?.('done', assetId);
  return result;
}

/** The multipart path: create (or resume) -> parts -> complete (which confirms) -> attach. */
async function uploadInParts<Result>(
  file: File,
  steps: UploadSteps<Result>,
  multipart: MultipartSteps,
  callbacks: UploadCallbacks,
): Promise<Result> {
  const { onStage, onProgress, signal, resumeScope } = callbacks;
  onStage?.('presigning');
  let assetId = 0;
  await uploadMultipart(
    file,
    {
      ...multipart,
      complete: (id) => {
        onStage?.('confirming', id);
        return multipart.complete(id);
      },
    },
    {
      onStarted: (id) => {
        assetId = id;
        onStage?.('uploading', id);
      },
      ...(onProgress ? { onProgress } : {}),
      ...(signal ? { signal } : {}),
      ...(resumeScope !== undefined ? { resumeScope } : {}),
    },
  );
  return attachUploaded(assetId, steps, callbacks);
}
