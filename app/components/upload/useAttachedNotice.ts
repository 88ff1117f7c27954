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
 *   <AttachedNotice names={attached.names} />
 */
import { useState } from 'react';

export function useAttachedNotice(kind: 'one' | 'many') {
  const [names, setNames] = useState<readonly string[]>([]);
  return {
    names,
    /** When an upload starts. */
    clear: () => setNames([]),
    /** When a file is attached. */
    record(name: string): void {
      setNames((current) => (kind === 'one' ? [name] : [...current, name]));
    },
  };
}
