'use client';
/**
 * A destructive action that asks first: the button turns into its question
 * with "Yes, ..." and a way back, inline (no modal to trap focus in). Focus
 * goes to the way back (described by the question, so a screen reader
 * reads it out there), so a second Enter never confirms by accident;
 * Escape or the way back returns to the button, and so does a confirmed
 * action that left focus nowhere (refused, its row stays). Every removal in the app
 * (remove a member, leave a team, revoke a key or an invitation, delete a
 * record) uses it.
 *
 *   <ConfirmButton question={<>Remove <bdi>{name}</bdi> from the team?</>} confirmLabel="Yes, remove"
 *     onConfirm={() => remove.mutate(id)} disabled={remove.isPending}>
 *     Remove <span className="visually-hidden">{name}</span>
 *   </ConfirmButton>
 */
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Button } from './Button';

interface Props {
  /** The button's content (its accessible name: add visually hidden text to tell rows apart). */
  children: ReactNode;
  /** What will happen, as a question: "Delete “Spring” for good?" */
  question: ReactNode;
  /** The confirming button's content, e.g. "Yes, delete". */
  confirmLabel: ReactNode;
  /** The way back; "Cancel" unless given (e.g. "Keep it"). */
  cancelLabel?: ReactNode;
  onConfirm: () => void;
  /** While another action runs: shown and announced as unavailable, keeps focus (Button.tsx). */
  disabled?: boolean;
  /** Classes of the first button; the confirming one is always a filled danger button. */
  className?: string;
}

export function ConfirmButton({
  children,
  question,
  confirmLabel,
  cancelLabel = 'Cancel',
  onConfirm,
  disabled = false,
  className = 'button subtle danger',
}: Props) {
  const [asking, setAsking] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const back = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  // Where focus goes after the question opens or closes (nowhere on the first render). After a confirm,
  // back to the button only if the action left focus nowhere (the Yes button is gone): an action that
  // moved focus itself keeps it there, and when the row goes away on success the caller's focus wins;
  // when the action is refused and the row stays, the user is still on its button, not thrown to the top.
  const focusNext = useRef<'always' | 'ifLost' | null>(null);

  useEffect(() => {
    const rule = focusNext.current;
    focusNext.current = null;
    if (!rule) return;
    if (asking) return back.current?.focus();
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (rule === 'always' || lost) trigger.current?.focus();
  }, [asking]);

  function answer(confirmed: boolean) {
    focusNext.current = confirmed ? 'ifLost' : 'always';
    setAsking(false);
    if (confirmed) onConfirm();
  }

  if (!asking) {
    return (
      <Button
        ref={trigger}
        className={className}
        unavailable={disabled}
        onClick={() => {
          focusNext.current = 'always';
          setAsking(true);
        }}
      >
        {children}
      </Button>
    );
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: Escape is a keyboard shortcut for the Cancel button inside.
    <span
      className="confirm"
      onKeyDown={(event) => {
        if (event.key === 'Escape') answer(false);
      }}
    >
      <span id={questionId}>{question}</span>
      <Button className="button danger" unavailable={disabled} onClick={() => answer(true)}>
        {confirmLabel}
      </Button>
      <button
        ref={back}
        type="button"
        className="button subtle"
        aria-describedby={questionId}
        onClick={() => answer(false)}
      >
        {cancelLabel}
      </button>
    </span>
  );
}
