/**
 * Browser uploads straight to object storage, with progress, cancel and retry:
 *
 *   presign (the API) -> PUT the bytes to the presigned URL (XHR, for upload
 *   progress; fetch has none) -> confirm (the API) -> attach (the API)
 *
 * The API steps are passed in, so this module stays free of app code:
 *
 *   const upload = useUpload({
 *     presign: (file) => UploadController.with({ teamId }).mutatePresign({ ...file, slot: 'Campaign.logo' }),
 *     confirm: (assetId) => UploadController.with({ teamId }).mutateConfirm({ assetId }),
 *     attach: (assetId) => attach.mutateAsync({ id, slot: 'logo', assetId }),
 *   }, { accepts: 'image/*', maxSize: 5 * MB });
 *   upload.start(input.files);   // refused files: upload.rejected (messages), nothing presigned
 *
 * `rules` should mirror the slot's `accepts` / `maxSize` / `max`: checking
 * before presigning spares a round trip and gives an immediate message. The
 * server checks again (presign, and confirm HEADs the object).
 */
import { useCallback, useRef, useState } from 'react';

export interface UploadRules {
  /** `image/*`, `application/pdf`, or a list; `image/*` excludes SVG, as on the server. */
  accepts: string | readonly string[];
  /** Bytes. */
  maxSize: number;
  /** Files the slot may hold in all (has-many slots). */
  max?: number;
}

export interface PresignedUpload {
  asset: { id: number };
  uploadUrl: string;
  method: string;
  headers: Record<string, string>;
}

export interface UploadSteps<Result> {
  presign(file: { filename: string; contentType: string; byteSize: number }): Promise<PresignedUpload>;
  confirm(assetId: number): Promise<unknown>;
  attach(assetId: number): Promise<Result>;
}

export type UploadStage = 'presigning' | 'uploading' | 'confirming' | 'attaching' | 'done' | 'failed' | 'cancelled';

export interface UploadItem {
  /** Stable per file added (React key, and what cancel/retry/dismiss take). */
  key: string;
  file: File;
  stage: UploadStage;
  /** Bytes sent to storage so far, of `total`. */
  loaded: number;
  total: number;
  error?: string;
  /** The uploaded asset's id, once presigned. */
  assetId?: number;
}

/** Just what the PUT needs from XMLHttpRequest (tests pass a fake). */
export type CreateRequest = () => Pick<
  XMLHttpRequest,
  'open' | 'setRequestHeader' | 'send' | 'abort' | 'status' | 'upload' | 'onload' | 'onerror' | 'onabort'
>;

const MB = 1024 * 1024;
const WILDCARD_EXCLUDED = new Set(['image/svg+xml']);

function essence(type: string): string {
  return type.split(';', 1)[0]?.trim().toLowerCase() ?? '';
}

/** Same rule as the server's `mimeMatches`: exact types, `type/*`, `*\/*`; `image/*` is not SVG. */
export function mimeAccepted(accepts: UploadRules['accepts'], contentType: string): boolean {
  const type = essence(contentType);
  if (!/^[^\s/]+\/[^\s/]+$/.test(type)) return false;
  return (typeof accepts === 'string' ? [accepts] : accepts).some((raw) => {
    const pattern = essence(raw);
    if (pattern === type || pattern === '*/*') return true;
    return pattern.endsWith('/*') && !WILDCARD_EXCLUDED.has(type) && type.startsWith(pattern.slice(0, -1));
  });
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toFixed(bytes < 10 * MB ? 1 : 0).replace(/\.0$/, '')} MB`;
}

/** Why `file` may not be uploaded under `rules`, or null. */
export function fileProblem(file: { name: string; type: string; size: number }, rules: UploadRules): string | null {
  if (!mimeAccepted(rules.accepts, file.type)) {
    const wanted = typeof rules.accepts === 'string' ? rules.accepts : rules.accepts.join(', ');
    return `${file.name}: this type of file is not accepted (${file.type || 'unknown type'}; expected ${wanted}).`;
  }
  if (file.size > rules.maxSize) {
    const limit = formatBytes(rules.maxSize);
    // Just over the limit rounds to the limit itself: give the exact size then.
    const size =
      formatBytes(file.size) === limit ? `${file.size.toLocaleString('en-US')} bytes` : formatBytes(file.size);
    return `${file.name} is too large (${size}; the limit is ${limit}).`;
  }
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

export class UploadAbortedError extends Error {
  override readonly name = 'UploadAbortedError';
  constructor() {
    super('Upload cancelled');
  }
}

/** PUTs `body` to a presigned URL, reporting progress; rejects with UploadAbortedError when `signal` aborts. */
export function putFile(
  upload: Pick<PresignedUpload, 'uploadUrl' | 'method' | 'headers'>,
  body: Blob,
  options: {
    onProgress?: (loaded: number, total: number) => void;
    signal?: AbortSignal;
    createRequest?: CreateRequest;
  },
): Promise<void> {
  const { onProgress, signal, createRequest = () => new XMLHttpRequest() } = options;
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new UploadAbortedError());
    const xhr = createRequest();
    xhr.open(upload.method, upload.uploadUrl);
    // Exactly the signed headers; the browser adds Content-Length (signed too) from the body.
    for (const [name, value] of Object.entries(upload.headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : body.size);
    xhr.onload = () => {
      signal?.removeEventListener('abort', abort);
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(new Error(`Storage refused the upload (HTTP ${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error('The upload failed: storage could not be reached.'));
    xhr.onabort = () => reject(new UploadAbortedError());
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });
}

export interface UploadCallbacks {
  onStage?: (stage: UploadStage, assetId?: number) => void;
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  createRequest?: CreateRequest;
}

/** presign -> PUT -> confirm -> attach for one file; stops (UploadAbortedError) between steps once aborted. */
export async function uploadFile<Result>(
  file: File,
  steps: UploadSteps<Result>,
  { onStage, onProgress, signal, createRequest }: UploadCallbacks = {},
): Promise<Result> {
  const check = () => {
    if (signal?.aborted) throw new UploadAbortedError();
  };
  onStage?.('presigning');
  const presigned = await steps.presign({ filename: file.name, contentType: file.type, byteSize: file.size });
  check();
  onStage?.('uploading', presigned.asset.id);
  await putFile(presigned, file, { onProgress, signal, createRequest });
  check();
  onStage?.('confirming', presigned.asset.id);
  await steps.confirm(presigned.asset.id);
  check();
  onStage?.('attaching', presigned.asset.id);
  const result = await steps.attach(presigned.asset.id);
  onStage?.('done', presigned.asset.id);
  return result;
}

function messageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The upload failed.';
}

const ACTIVE: ReadonlySet<UploadStage> = new Set(['presigning', 'uploading', 'confirming', 'attaching']);

export function isActive(item: UploadItem): boolean {
  return ACTIVE.has(item.stage);
}

export interface UseUploadOptions<Result> {
  /** Files the slot already holds (counted against `rules.max`). */
  existingCount?: number;
  /** Called once per file attached. */
  onDone?: (result: Result, item: UploadItem) => void;
}

export interface UseUpload {
  items: UploadItem[];
  /** Messages for the files the last `start` refused (type, size, count); nothing was presigned for them. */
  rejected: string[];
  /** Checks each file and uploads those that pass, all at once. Returns the refusals too. */
  start(files: Iterable<File>): string[];
  cancel(key: string): void;
  retry(key: string): void;
  dismiss(key: string): void;
}

let sequence = 0;

export function useUpload<Result>(
  steps: UploadSteps<Result>,
  rules: UploadRules,
  options: UseUploadOptions<Result> = {},
): UseUpload {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  // The latest props, read when a step runs (uploads outlive renders).
  const latest = useRef({ steps, rules, options, items });
  latest.current = { steps, rules, options, items };
  const controllers = useRef(new Map<string, AbortController>());

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const run = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const item: UploadItem = { key, file, stage: 'presigning', loaded: 0, total: file.size };
      void uploadFile(file, latest.current.steps, {
        signal: controller.signal,
        onStage: (stage, assetId) => {
          // 'done' is set below, with the result handed to onDone first.
          if (stage !== 'done') patch(key, { stage, assetId });
        },
        onProgress: (loaded, total) => patch(key, { loaded, total }),
      }).then(
        (result) => {
          controllers.current.delete(key);
          patch(key, { stage: 'done', loaded: file.size });
          latest.current.options.onDone?.(result, { ...item, stage: 'done', loaded: file.size });
        },
        (error: unknown) => {
          controllers.current.delete(key);
          if (error instanceof UploadAbortedError) patch(key, { stage: 'cancelled' });
          else patch(key, { stage: 'failed', error: messageOf(error) });
        },
      );
      return item;
    },
    [patch],
  );

  const start = useCallback(
    (files: Iterable<File>): string[] => {
      const { rules: currentRules, options: currentOptions, items: currentItems } = latest.current;
      const refusals: string[] = [];
      const accepted: UploadItem[] = [];
      let room =
        currentRules.max === undefined
          ? Number.POSITIVE_INFINITY
          : currentRules.max - (currentOptions.existingCount ?? 0) - currentItems.filter(isActive).length;
      for (const file of files) {
        const problem = fileProblem(file, currentRules);
        if (problem) refusals.push(problem);
        else if (room <= 0) refusals.push(`${file.name}: at most ${currentRules.max} files can be attached.`);
        else {
          room -= 1;
          sequence += 1;
          accepted.push(run(`upload-${sequence}`, file));
        }
      }
      setRejected(refusals);
      if (accepted.length > 0) setItems((current) => [...current, ...accepted]);
      return refusals;
    },
    [run],
  );

  const cancel = useCallback((key: string) => controllers.current.get(key)?.abort(), []);

  const retry = useCallback(
    (key: string) => {
      const item = latest.current.items.find((candidate) => candidate.key === key);
      if (!item || isActive(item)) return;
      // From the start: a new presign (the old pending asset is left to the cleanup job).
      const fresh = run(key, item.file);
      setItems((current) => current.map((candidate) => (candidate.key === key ? fresh : candidate)));
    },
    [run],
  );

  const dismiss = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  return { items, rejected, start, cancel, retry, dismiss };
}
