'use client';
// A client module: it uses React state, and the @/server/client barrel is also imported by server components.
/**
 * Browser uploads straight to object storage, with progress, cancel and retry:
 *
 *   presign (the API) -> PUT the bytes to the presigned URL (XHR, for upload
 *   progress; fetch has none) -> confirm (the API) -> attach (the API)
 *
 * With `multipart` steps, files of `multipartThreshold` (64 MiB) or more go in
 * parts instead: those can `pause` and `resume`, and resume after a reload
 * when the same file is chosen again (`interrupted` lists what is waiting;
 * uploadMultipart.ts).
 *
 * The API steps are passed in, so this module stays free of app code:
 *
 *   const upload = useUpload({
 *     presign: (file) => UploadController.with({ teamId }).mutatePresign({ ...file, slot: 'Campaign.logo' }),
 *     confirm: (assetId) => UploadController.with({ teamId }).mutateConfirm({ assetId }),
 *     attach: (assetId) => attach.mutateAsync({ id, slot: 'logo', assetId }),
 *   }, attachmentSlots['Campaign.logo']);
 *   upload.start(input.files);   // refused files: upload.rejected (messages), nothing presigned
 *
 * `rules` are the slot's `accepts` / `maxSize` / `max`; `npm run gen` emits
 * every model's slots as `attachmentSlots` in the generated client file, so
 * pass `attachmentSlots['Campaign.logo']` rather than a copy. Checking before
 * presigning spares a round trip and gives an immediate message. The server
 * checks again (presign, and confirm HEADs the object).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { ClientError } from './ClientError';
import { UploadAbortedError } from './putFile';
import {
  defaultUploadMemory,
  forgetUpload,
  type RememberedUpload,
  rememberedUploads,
  resumeKey,
} from './resumableUploads';
import { createRateMeter } from './transferRate';
import { goesInParts, type UploadStage, type UploadSteps, uploadFile } from './uploadFile';
import { UPLOAD_PAUSED, UploadPausedError } from './uploadMultipart';
import { fileProblem, type UploadRules } from './uploadRules';

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

/**
 * What a failed item says. A refusal with field errors (confirm's 422: "broken.png cannot be read as an
 * image (...)", "looks like image/png, not application/pdf") says why, naming the file; the bare message
 * ("The uploaded file does not match the presigned upload") would not tell the user what to fix.
 */
export function uploadErrorMessage(error: unknown, filename: string): string {
  if (error instanceof ClientError && error.fields) {
    const reasons = Object.entries(error.fields).flatMap(([field, messages]) =>
      messages.map((message) =>
        field === 'base' || message.startsWith(filename) ? message : `${filename} ${message}`,
      ),
    );
    if (reasons.length > 0) return reasons.join('; ');
  }
  return error instanceof Error && error.message ? error.message : 'The upload failed.';
}

function retryAfterOf(error: unknown): { retryAfter?: number } {
  return error instanceof ClientError && error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {};
}

const ACTIVE: ReadonlySet<UploadStage> = new Set(['presigning', 'uploading', 'confirming', 'attaching']);

export function isActive(item: UploadItem): boolean {
  return ACTIVE.has(item.stage);
}

/**
 * Whether `cancel` can still stop it: until the attach request is sent. Once it is (`attaching`), the
 * server attaches the file whatever the browser does next, so a widget shows no Cancel then (removing
 * the file is the campaign's detach).
 */
export function isCancellable(item: UploadItem): boolean {
  return item.stage === 'paused' || (isActive(item) && item.stage !== 'attaching');
}

export interface UseUploadOptions<Result> {
  /** Files the slot already holds (counted against `rules.max`). */
  existingCount?: number;
  /** Called once per file attached. */
  onDone?: (result: Result, item: UploadItem) => void;
  /** Files of this size or more go in parts when `steps.multipart` is given (default 64 MiB). */
  multipartThreshold?: number;
  /**
   * Names what the uploads are for (e.g. `teams/1/campaigns/5/video`): multipart uploads are
   * remembered under it, and `interrupted` lists the ones a reload left behind.
   */
  resumeScope?: string;
}

export interface UseUpload {
  items: UploadItem[];
  /** Messages for the files the last `start` refused (type, size, count); nothing was presigned for them. */
  rejected: string[];
  /**
   * Checks each file and uploads those that pass, all at once. Returns the refusals too. A has-one slot
   * (`rules.kind === 'one'`) takes the first file, and cancels and drops the uploads already listed:
   * the last choice wins.
   */
  start(files: Iterable<File>): string[];
  cancel(key: string): void;
  /** Multipart only: stops the requests, keeps the upload open to `resume`. */
  pause(key: string): void;
  /** Resumes a paused upload (multipart: the missing parts only), or retries a failed one. */
  resume(key: string): void;
  /** From the start: a new presign (a failed multipart upload resumes instead). */
  retry(key: string): void;
  dismiss(key: string): void;
  /** Multipart uploads of `resumeScope` left unfinished (a reload, a closed tab): choose the file again to resume. */
  interrupted: RememberedUpload[];
  /** Gives up an interrupted upload: forgotten here, aborted on the server (best effort). */
  discard(upload: RememberedUpload): void;
}

export function useUpload<Result>(
  steps: UploadSteps<Result>,
  rules: UploadRules,
  options: UseUploadOptions<Result> = {},
): UseUpload {
  const [items, setItems] = useState<UploadItem[]>([]);
  const [rejected, setRejected] = useState<string[]>([]);
  const [remembered, setRemembered] = useState<RememberedUpload[]>([]);
  const { resumeScope } = options;
  // Read after mount (localStorage does not exist on the server), and again when an upload starts, pauses or
  // ends (the stages, not every progress event).
  const stages = items.map((item) => `${item.key}:${item.stage}`).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `stages` is the trigger: what is remembered changes with them.
  useEffect(() => {
    setRemembered(resumeScope === undefined ? [] : rememberedUploads(resumeScope));
  }, [resumeScope, stages]);
  // The latest props, read when a step runs (uploads outlive renders).
  const latest = useRef({ steps, rules, options, items });
  latest.current = { steps, rules, options, items };
  const controllers = useRef(new Map<string, AbortController>());
  // Keys only need to be unique within this hook's list.
  const sequence = useRef(0);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const run = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const { multipartThreshold, resumeScope: scope } = latest.current.options;
      const pausable = goesInParts(file, latest.current.steps, multipartThreshold);
      const item: UploadItem = { key, file, stage: 'presigning', loaded: 0, total: file.size, pausable };
      const meter = createRateMeter();
      void uploadFile(file, latest.current.steps, {
        signal: controller.signal,
        ...(multipartThreshold !== undefined ? { multipartThreshold } : {}),
        ...(scope !== undefined ? { resumeScope: scope } : {}),
        onStage: (stage, assetId) => {
          // 'done' is set below, with the result handed to onDone first.
          if (stage !== 'done') patch(key, { stage, assetId });
        },
        onProgress: (loaded, total) => patch(key, { loaded, total, bytesPerSecond: meter(loaded) }),
      }).then(
        (result) => {
          controllers.current.delete(key);
          patch(key, { stage: 'done', loaded: file.size });
          latest.current.options.onDone?.(result, { ...item, stage: 'done', loaded: file.size });
        },
        (error: unknown) => {
          controllers.current.delete(key);
          if (error instanceof UploadPausedError)
            patch(key, { stage: 'paused', bytesPerSecond: undefined, cutShort: error.cutShortBytes });
          else if (error instanceof UploadAbortedError) patch(key, { stage: 'cancelled' });
          else
            patch(key, {
              stage: 'failed',
              error: uploadErrorMessage(error, file.name),
              cause: error,
              ...retryAfterOf(error),
            });
        },
      );
      return item;
    },
    [patch],
  );

  const cancel = useCallback(
    (key: string) => {
      const item = latest.current.items.find((candidate) => candidate.key === key);
      if (!item || !isCancellable(item)) return; // done, failed, or its attach already sent
      const running = controllers.current.get(key);
      if (running) return running.abort();
      // Paused: nothing runs, so abort the open upload here.
      if (item.stage !== 'paused') return;
      forgetUpload(defaultUploadMemory(), resumeKey(item.file));
      if (item.assetId !== undefined) void latest.current.steps.multipart?.abort(item.assetId).catch(() => undefined);
      patch(key, { stage: 'cancelled' });
    },
    [patch],
  );

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

  const start = useCallback(
    (files: Iterable<File>): string[] => {
      const { rules: currentRules, options: currentOptions, items: currentItems } = latest.current;
      const refusals: string[] = [];
      const accepted: UploadItem[] = [];
      let room =
        currentRules.max === undefined
          ? Number.POSITIVE_INFINITY
          : currentRules.max - (currentOptions.existingCount ?? 0) - currentItems.filter(isActive).length;
      const single = currentRules.kind === 'one';
      const chosen = single ? [...files].slice(0, 1) : [...files];
      // The same file again in a has-one slot, while its upload runs or is paused: that upload goes on
      // (a paused one resumes), rather than being cancelled for a copy of itself.
      const same = single && chosen[0] ? resumeKey(chosen[0]) : undefined;
      const ongoing = currentItems.find(
        (item) => resumeKey(item.file) === same && (isActive(item) || item.stage === 'paused'),
      );
      if (ongoing) {
        setRejected([]);
        if (ongoing.stage === 'paused') retry(ongoing.key);
        return [];
      }
      for (const file of chosen) {
        const problem = fileProblem(file, currentRules);
        if (problem) refusals.push(problem);
        else if (room <= 0) refusals.push(`${file.name}: at most ${currentRules.max} files can be attached.`);
        else {
          room -= 1;
          sequence.current += 1;
          accepted.push(run(`upload-${sequence.current}`, file));
        }
      }
      setRejected(refusals);
      if (accepted.length > 0 && single) {
        // A newer choice for a has-one slot: the older upload must not finish after it and replace it.
        // One whose attach is already sent cannot be stopped; it lands first and this one replaces it.
        for (const item of currentItems) cancel(item.key);
        setItems(accepted);
      } else if (accepted.length > 0) setItems((current) => [...current, ...accepted]);
      return refusals;
    },
    [run, cancel, retry],
  );

  const pause = useCallback((key: string) => controllers.current.get(key)?.abort(UPLOAD_PAUSED), []);

  const dismiss = useCallback((key: string) => {
    controllers.current.get(key)?.abort();
    setItems((current) => current.filter((item) => item.key !== key));
  }, []);

  const discard = useCallback((upload: RememberedUpload) => {
    forgetUpload(defaultUploadMemory(), upload.key);
    setRemembered((current) => current.filter((candidate) => candidate.key !== upload.key));
    void latest.current.steps.multipart?.abort(upload.assetId).catch(() => undefined);
  }, []);

  // The files on screen are not "interrupted", whatever their stage (a paused one has its own Resume).
  const shown = new Set(items.map((item) => resumeKey(item.file)));
  const interrupted = remembered.filter((upload) => !shown.has(upload.key));
  // Resuming a paused upload and retrying a failed one are the same call: a multipart upload picks up its parts.
  return { items, rejected, start, cancel, pause, resume: retry, retry, dismiss, interrupted, discard };
}
