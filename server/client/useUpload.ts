'use client';
// A client module: it uses React state, and the @/server/client barrel is also imported by server components.
/**
 * Browser uploads straight to object storage, with progress, cancel and retry:
 *
 *   presign (the API) -> PUT the bytes to the presigned URL (XHR, for upload
 *   progress; fetch has none) -> confirm (the API) -> attach (the API)
 *
 * With `multipart` steps, files of `multipartThreshold` (64 MB) or more go in
 * parts instead, resumable after a reload (uploadMultipart.ts).
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
import { useCallback, useRef, useState } from 'react';
import { UploadAbortedError } from './putFile';
import { type UploadStage, type UploadSteps, uploadFile } from './uploadFile';
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
  /** The uploaded asset's id, once presigned. */
  assetId?: number;
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
  /** Files of this size or more go in parts when `steps.multipart` is given (default 64 MB). */
  multipartThreshold?: number;
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
  // Keys only need to be unique within this hook's list.
  const sequence = useRef(0);

  const patch = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const run = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      const item: UploadItem = { key, file, stage: 'presigning', loaded: 0, total: file.size };
      const { multipartThreshold } = latest.current.options;
      void uploadFile(file, latest.current.steps, {
        signal: controller.signal,
        ...(multipartThreshold !== undefined ? { multipartThreshold } : {}),
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
          sequence.current += 1;
          accepted.push(run(`upload-${sequence.current}`, file));
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
