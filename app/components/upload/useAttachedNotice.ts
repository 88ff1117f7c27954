'use client';
/**
 * What an upload widget's `AttachedNotice` says: the names of the files this
 * upload attached. Cleared when the next upload starts, so the notice answers
 * one pick of files. A has-one slot (`kind: 'one'`) names the file that
 * attached last, as it replaced any before it; a has-many slot names each.
 *
 *   const attached = useAttachedNotice('many');
 *   const upload = useUpload(steps, rules, { onDone: (_result, item) => attached.record(item.file.name) });
 *   onFiles={(files) => { attached.clear(); upload.start(files); }}
 *   <AttachedNotice names={attached.names} removed={attached.removedName} />
 */
import { useState } from 'react';

export function useAttachedNotice(kind: 'one' | 'many') {
  const [names, setNames] = useState<readonly string[]>([]);
  // A file the user removed (detach): its control went with it, so this says it happened.
  const [removedName, setRemovedName] = useState<string>();
  return {
    names,
    removedName,
    /** When an upload starts. */
    clear: () => {
      setNames([]);
      setRemovedName(undefined);
    },
    /** When a file is attached. */
    record(name: string): void {
      setRemovedName(undefined);
      setNames((current) => (kind === 'one' ? [name] : [...current, name]));
    },
    /** When a file is removed from the slot. */
    removed(name: string): void {
      setNames([]);
      setRemovedName(name);
    },
  };
}
