'use client';
/**
 * A button that stays focusable while it cannot be used. A native
 * `disabled` button drops focus to <body> the moment it is disabled (while
 * its own save runs, or when the action empties what it acts on), so a
 * keyboard or screen-reader user pressing Enter is thrown back to the top
 * of the page. This one says `aria-disabled="true"` instead (announced as
 * dimmed, styled in globals.css) and ignores clicks, so a submit button
 * does not submit, while focus stays where it was. Every action button in
 * the app uses it; prefer it to `disabled` on anything that can be pressed
 * while it becomes unavailable.
 *
 *   <Button type="submit" unavailable={create.isPending}>Create key</Button>
 */
import type { ButtonHTMLAttributes, MouseEvent, Ref } from 'react';

interface ButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'disabled' | 'aria-disabled'> {
  /** Shown and announced as disabled, ignores clicks and submits, keeps focus. */
  unavailable?: boolean;
  ref?: Ref<HTMLButtonElement>;
}

export function Button({ unavailable = false, onClick, type = 'button', className = 'button', ...props }: ButtonProps) {
  function click(event: MouseEvent<HTMLButtonElement>) {
    // Also stops a submit button's form submission (an Enter in a field "clicks" the form's submit button).
    if (unavailable) event.preventDefault();
    else onClick?.(event);
  }
  return (
    <button {...props} type={type} className={className} aria-disabled={unavailable || undefined} onClick={click} />
  );
}
