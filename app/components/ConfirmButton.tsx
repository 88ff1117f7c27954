'use client';
/**
 * A destructive action that asks first: the button turns into its question
 * with "Yes, ..." and a way back, inline (no modal to trap focus in). Focus
 * goes to the way back (described by the question, so a screen reader
 * reads it out there), so a second Enter never confirms by accident;
 * Escape or the way back returns to the button. Every removal in the app
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
  // Where focus goes after the question opens or closes (not on the first render).
  const moved = useRef(false);

  useEffect(() => {
    if (!moved.current) return;
    (asking ? back : trigger).current?.focus();
  }, [asking]);

  function answer(confirmed: boolean) {
    moved.current = !confirmed; // after a confirm the row usually goes away: leave focus alone
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
          moved.current = true;
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
