'use client';
/**
 * After a removal whose button goes away with its row: says what went in a
 * status region (so screen readers announce it) and moves focus to `target`,
 * the table or the section's heading (focusable from script with
 * `tabIndex={-1}`), where the keyboard user was working, instead of letting it
 * fall to the start of the page.
 *
 *   const removal = useRemovalNotice<HTMLHeadingElement>();
 *   <h2 ref={removal.target} tabIndex={-1}>Members</h2>
 *   <p role="status" className="notice">{removal.message}</p>
 *   remove.mutate(id, { onSuccess: () => removal.announce(`Removed ${isolateText(name)}.`) });
 */
import { useRef, useState } from 'react';

export function useRemovalNotice<Target extends HTMLElement>() {
  const target = useRef<Target>(null);
  const [message, setMessage] = useState('');
  return {
    target,
    message,
    announce(text: string): void {
      setMessage(text);
      target.current?.focus();
    },
    /** Before the next action, so its own message is announced even when the text repeats. */
    clear: () => setMessage(''),
  };
}
