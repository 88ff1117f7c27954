'use client';
/**
 * The uploads a reload (or a closed tab) left unfinished in a slot: what each
 * was, that choosing the same file again continues it, and Discard. Any slot
 * whose files may go in parts shows it (`upload.interrupted` of useUpload);
 * browsers never hand a file back to a page, so the user must choose it.
 */
import type { RememberedUpload } from '@/server/client';
import { formatBytes, isolateText } from '@/server/client';
import styles from './upload.module.css';

interface Props {
  uploads: readonly RememberedUpload[];
  onDiscard: (upload: RememberedUpload) => void;
}

export function InterruptedUploads({ uploads, onDiscard }: Props) {
  if (uploads.length === 0) return null;
  return (
    <ul className={`${styles.items} ${styles.interruptedList}`} aria-label="Interrupted uploads">
      {uploads.map((interrupted) => (
        <li key={interrupted.key} className={`notice ${styles.interrupted}`} data-testid="interrupted-upload">
          <span>
            The upload of {interrupted.filename === undefined ? 'a file' : <bdi>{interrupted.filename}</bdi>}
            {interrupted.byteSize !== undefined ? ` (${formatBytes(interrupted.byteSize)})` : ''} was interrupted.
            Choose the same file again to continue where it stopped.
          </span>
          <button type="button" className="button subtle" onClick={() => onDiscard(interrupted)}>
            Discard{' '}
            <span className="visually-hidden">
              the upload of {interrupted.filename === undefined ? 'this file' : isolateText(interrupted.filename)}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
