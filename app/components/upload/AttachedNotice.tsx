/**
 * Which files an upload widget attached, in a status region that screen
 * readers announce: the widget drops a file's progress item once it is
 * attached, so without this nothing would say it worked. Empty (but in the
 * page, so the change is heard) until a file is attached. Also says which
 * file was removed, as its Remove button goes with it.
 */

import { isolateText } from '@/server/client';
import styles from './upload.module.css';

export function AttachedNotice({ names, removed }: { names: readonly string[]; removed?: string | undefined }) {
  const attached = names.length > 0 ? `${names.map(isolateText).join(', ')} attached.` : '';
  return (
    <p role="status" className={`muted small ${styles.status}`}>
      {removed ? `${isolateText(removed)} removed.` : attached}
    </p>
  );
}
