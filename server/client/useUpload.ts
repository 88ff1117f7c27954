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
import { planUploads } from './planUploads';
import { UploadAbortedError } from './putFile';
import {
  defaultUploadMemory,
  forgetUpload,
  type RememberedUpload,
  rememberedUploads,
  resumeKey,
} from './resumableUploads';
import { createRateMeter } from './transferRate';
import {
  isActive,
  isCancellable,
  reattachableAsset,
  retryAfterOf,
  type UploadItem,
  uploadErrorMessage,
} from './UploadItem';
import { attachUploaded, goesInParts, type UploadStage, type UploadSteps, uploadFile } from './uploadFile';
import { UPLOAD_PAUSED, UploadPausedError } from './uploadMultipart';
import type { UploadRules } from './uploadRules';

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
  /**
   * From the start: a new presign (a failed multipart upload resumes instead). When only the attach
   * failed, the stored file is attached again without sending it (`reattachableAsset`).
   */
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

  /** Uploads `file` as item `key`; with `uploaded` (a stored, confirmed asset) it only attaches that. */
  const run = useCallback(
    (key: string, file: File, uploaded?: number) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const { steps: currentSteps, options } = latest.current;
      const { multipartThreshold, resumeScope: scope } = options;
      const pausable = uploaded === undefined && goesInParts(file, currentSteps, multipartThreshold);
      const item: UploadItem =
        uploaded === undefined
          ? { key, file, stage: 'presigning', loaded: 0, total: file.size, pausable }
          : { key, file, stage: 'attaching', loaded: file.size, total: file.size, pausable, assetId: uploaded };
      const meter = createRateMeter();
      let reached: UploadStage = item.stage;
      const callbacks = {
        signal: controller.signal,
        ...(multipartThreshold !== undefined ? { multipartThreshold } : {}),
        ...(scope !== undefined ? { resumeScope: scope } : {}),
        onStage: (stage: UploadStage, assetId?: number) => {
          reached = stage;
          // 'done' is set below, with the result handed to onDone first.
          if (stage !== 'done') patch(key, { stage, assetId });
        },
        onProgress: (loaded: number, total: number) => patch(key, { loaded, total, bytesPerSecond: meter(loaded) }),
      };
      void (
        uploaded === undefined
          ? uploadFile(file, currentSteps, callbacks)
          : attachUploaded(uploaded, currentSteps, callbacks)
      ).then(
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
              failedStage: reached,
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
      // From the start (a new presign; the old pending asset is left to the cleanup job), or only the attach.
      const fresh = run(key, item.file, reattachableAsset(item));
      setItems((current) => current.map((candidate) => (candidate.key === key ? fresh : candidate)));
    },
    [run],
  );

  const start = useCallback(
    (files: Iterable<File>): string[] => {
      const { rules: currentRules, options: currentOptions, items: currentItems } = latest.current;
      const plan = planUploads(files, currentRules, currentItems, currentOptions.existingCount);
      if ('continueKey' in plan) {
        setRejected([]);
        if (currentItems.find((item) => item.key === plan.continueKey)?.stage === 'paused') retry(plan.continueKey);
        return [];
      }
      setRejected(plan.refusals);
      const accepted = plan.upload.map((file) => {
        sequence.current += 1;
        return run(`upload-${sequence.current}`, file);
      });
      if (plan.replaceListed) {
        // A newer choice for a has-one slot: the older upload must not finish after it and replace it.
        // One whose attach is already sent cannot be stopped; it lands first and this one replaces it.
        for (const item of currentItems) cancel(item.key);
        setItems(accepted);
      } else if (accepted.length > 0) setItems((current) => [...current, ...accepted]);
      return plan.refusals;
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
