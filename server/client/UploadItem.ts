/**
 * One file in `useUpload`'s list, and what a widget asks of it: is it on its way, can it still be
 * cancelled, what does its failure say, and where does a Retry start.
 */
import { isolateText } from '../shared/isolateText';
import { ClientError } from './ClientError';
import type { UploadStage } from './uploadFile';

export interface UploadItem {
  /** Stable per file added (React key, and what cancel/retry/dismiss take). */
  key: string;
  file: File;
  stage: UploadStage;
  /** Bytes sent to storage so far, of `total`. */
  loaded: number;
  total: number;
  error?: string;
  /** What made it fail (a `ClientError` from the API steps, an Error from storage), for a widget to word it its own way. */
  cause?: unknown;
  /** Failed: the stage it failed in. After `attaching`, the file is stored and confirmed, and Retry only attaches it. */
  failedStage?: UploadStage;
  /** After a 429 (too many uploads): seconds until a new try may pass, to say when. */
  retryAfter?: number;
  /** The uploaded asset's id, once presigned. */
  assetId?: number;
  /** Sent in parts: `pause` and `resume` apply. */
  pausable: boolean;
  /** Recent speed (a few seconds' average) while uploading; undefined until measured. */
  bytesPerSecond?: number;
  /**
   * Paused: bytes sent of the parts the pause cut short. A part is stored whole or not at all, so
   * these are not in `loaded` and go again on resume (a pause before any part is stored shows 0%).
   */
  cutShort?: number;
}

const ACTIVE: ReadonlySet<UploadStage> = new Set(['presigning', 'uploading', 'confirming', 'attaching']);

export function isActive(item: UploadItem): boolean {
  return ACTIVE.has(item.stage);
}

/**
 * Whether `cancel` can still stop it: until the attach request is sent. Once it is (`attaching`), the
 * server attaches the file whatever the browser does next, so a widget shows no Cancel then (removing
 * the file is the record's own detach).
 */
export function isCancellable(item: UploadItem): boolean {
  return item.stage === 'paused' || (isActive(item) && item.stage !== 'attaching');
}

/**
 * The stored, confirmed asset a Retry attaches without sending the file again: when only the attach
 * failed (a dropped connection, a 5xx, a full slot since emptied). Undefined when the retry starts over:
 * an earlier stage failed, or the server no longer has the upload (a 404: cleanup removed it).
 */
export function reattachableAsset(item: UploadItem): number | undefined {
  if (item.stage !== 'failed' || item.failedStage !== 'attaching') return undefined;
  if (item.cause instanceof ClientError && item.cause.httpStatus === 404) return undefined;
  return item.assetId;
}

/**
 * What a failed item says. A refusal with field errors (confirm's 422: "broken.png cannot be read as an
 * image (...)", "looks like image/png, not application/pdf") says why, naming the file; the bare message
 * ("The uploaded file does not match the presigned upload") would not tell the user what to fix. The
 * name is isolated (isolateText), also where the server's message starts with it.
 */
export function uploadErrorMessage(error: unknown, filename: string): string {
  if (error instanceof ClientError && error.fields) {
    const reasons = Object.entries(error.fields).flatMap(([field, messages]) =>
      messages.map((message) =>
        field === 'base'
          ? message
          : message.startsWith(filename)
            ? `${isolateText(filename)}${message.slice(filename.length)}`
            : `${isolateText(filename)} ${message}`,
      ),
    );
    if (reasons.length > 0) return reasons.join('; ');
  }
  return error instanceof Error && error.message ? error.message : 'The upload failed.';
}

/** After a 429: the seconds the server asked to wait, for the item. */
export function retryAfterOf(error: unknown): { retryAfter?: number } {
  return error instanceof ClientError && error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {};
}
