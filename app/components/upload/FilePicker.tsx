'use client';
/**
 * A file input styled as a button. The input itself stays in the tab order
 * (visually hidden, not `display: none`), so keyboard and screen-reader users
 * reach it; its label is the visible button.
 */
import { useRef } from 'react';
import styles from './upload.module.css';

interface Props {
  id: string;
  label: string;
  accept: string;
  hint: string;
  multiple?: boolean;
  onFiles: (files: File[]) => void;
}

/**
 * Focus on a slot's picker (by the `id` it was given): where the keyboard goes when the control it was
 * on leaves the page (an upload dismissed or discarded, a file removed), instead of dropping to <body>.
 */
export function focusFilePicker(id: string): void {
  document.getElementById(id)?.focus();
}

export function FilePicker({ id, label, accept, hint, multiple = false, onFiles }: Props) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className={styles.picker}>
      <label htmlFor={id} className="button">
        {label}
      </label>
      <input
        ref={input}
        id={id}
        type="file"
        accept={accept}
        multiple={multiple}
        className="visually-hidden"
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          // Cleared so choosing the same file again (a retry after a refusal) fires `change`.
          if (input.current) input.current.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      <p id={`${id}-hint`} className="muted small">
        {hint}
      </p>
    </div>
  );
}
