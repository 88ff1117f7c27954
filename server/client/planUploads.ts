/**
 * What `useUpload`'s `start` does with the files chosen, decided without React: which to upload, which
 * to refuse (type, size, the slot's room), and in a has-one slot whether the new choice replaces the
 * uploads listed or is the same file again, whose upload goes on.
 */
import { isolateText } from '../shared/isolateText';
import { resumeKey } from './resumableUploads';
import { isActive, type UploadItem } from './UploadItem';
import { fileProblem, type UploadRules } from './uploadRules';

export type UploadPlan =
  /** A has-one slot given the file it is already uploading (or has paused): that upload goes on. */
  | { continueKey: string }
  | {
      upload: File[];
      /** Messages for the files refused; nothing is presigned for them. */
      refusals: string[];
      /** A has-one slot with a new file to upload: the items listed give way to it (the last choice wins). */
      replaceListed: boolean;
    };

/**
 * `existingCount` is what the slot already holds; uploads on their way count against `rules.max` too.
 * A has-one slot (`rules.kind === 'one'`) takes the first file only.
 */
export function planUploads(
  files: Iterable<File>,
  rules: UploadRules,
  items: readonly UploadItem[],
  existingCount = 0,
): UploadPlan {
  const single = rules.kind === 'one';
  const chosen = single ? [...files].slice(0, 1) : [...files];
  // The same file again in a has-one slot, while its upload runs or is paused: it goes on (a paused one
  // resumes), rather than being cancelled for a copy of itself.
  const same = single && chosen[0] ? resumeKey(chosen[0]) : undefined;
  const ongoing = items.find((item) => resumeKey(item.file) === same && (isActive(item) || item.stage === 'paused'));
  if (ongoing) return { continueKey: ongoing.key };

  let room =
    rules.max === undefined ? Number.POSITIVE_INFINITY : rules.max - existingCount - items.filter(isActive).length;
  const upload: File[] = [];
  const refusals: string[] = [];
  for (const file of chosen) {
    const problem = fileProblem(file, rules);
    if (problem) refusals.push(problem);
    else if (room <= 0) refusals.push(`${isolateText(file.name)}: at most ${rules.max} files can be attached.`);
    else {
      room -= 1;
      upload.push(file);
    }
  }
  return { upload, refusals, replaceListed: single && upload.length > 0 };
}
