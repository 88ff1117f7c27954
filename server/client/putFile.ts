/**
 * The PUT of a file's bytes to a presigned URL. XMLHttpRequest rather than
 * fetch: only XHR reports upload progress.
 */
import type { PresignedUpload } from './uploadFile';

/** Just what the PUT needs from XMLHttpRequest (tests pass a fake). */
export type CreateRequest = () => Pick<
  XMLHttpRequest,
  'open' | 'setRequestHeader' | 'send' | 'abort' | 'status' | 'upload' | 'onload' | 'onerror' | 'onabort'
> &
  Partial<Pick<XMLHttpRequest, 'getResponseHeader'>>;

export class UploadAbortedError extends Error {
  override readonly name: string = 'UploadAbortedError';
  constructor(message = 'Upload cancelled') {
    super(message);
  }
}

/**
 * PUTs `body` to a presigned URL, reporting progress; rejects with
 * UploadAbortedError when `signal` aborts. Resolves with the store's ETag
 * when the bucket's CORS exposes it (multipart needs it for each part).
 */
export function putFile(
  upload: Pick<PresignedUpload, 'uploadUrl' | 'method' | 'headers'>,
  body: Blob,
  options: {
    onProgress?: (loaded: number, total: number) => void;
    signal?: AbortSignal;
    createRequest?: CreateRequest;
  },
): Promise<string | undefined> {
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
      if (xhr.status >= 200 && xhr.status < 300) resolve(xhr.getResponseHeader?.('ETag') ?? undefined);
      else reject(new Error(`Storage refused the upload (HTTP ${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error('The upload failed: storage could not be reached.'));
    xhr.onabort = () => reject(new UploadAbortedError());
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    xhr.send(body);
  });
}
