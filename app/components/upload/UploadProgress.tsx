'use client';
/**
 * One file being uploaded: name, stage, a progress bar, and cancel / retry /
 * dismiss. Large files (sent in parts) also show bytes sent, speed and time
 * left, and can pause and resume; paused, what is saved and what goes again
 * (transferLine.ts). Cancel is offered until the attach request is sent;
 * after that the file is attached whatever happens (remove it instead).
 *
 * The buttons come and go with the stage (Cancel gives way to Retry, Pause to
 * Resume): when the one with focus goes, focus moves to the button that took
 * its place, or to `onFocusLost` (the slot's picker) when none did.
 */
import { useLayoutEffect, useRef } from 'react';
import { formatBytes, isActive, isCancellable, isolateText, type UploadItem } from '@/server/client';
import { transferLine } from './transferLine';
import styles from './upload.module.css';
import { uploadFailureText } from './uploadFailureText';

const STAGE_LABELS: Record<UploadItem['stage'], string> = {
  presigning: 'Preparing…',
  uploading: 'Uploading',
  confirming: 'Checking…',
  // The attach request is sent: too late to cancel.
  attaching: 'Attaching…',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
  paused: 'Paused',
};

interface Props {
  item: UploadItem;
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  onDismiss: (key: string) => void;
  /** Given for widgets whose files may go in parts: Pause and Resume show on those items. */
  onPause?: (key: string) => void;
  onResume?: (key: string) => void;
  /** Where focus goes when the focused button leaves and none takes its place (Dismiss, the attach stage). */
  onFocusLost?: () => void;
}

/** Keeps focus in the item's actions across a stage change (see the header). */
function useKeptFocus(stage: UploadItem['stage'], onFocusLost: (() => void) | undefined) {
  const actions = useRef<HTMLDivElement>(null);
  // Read while rendering, before React swaps the buttons: was the user on one of them?
  const hadFocus = useRef(false);
  hadFocus.current = typeof document !== 'undefined' && Boolean(actions.current?.contains(document.activeElement));
  // biome-ignore lint/correctness/useExhaustiveDependencies: the stage is the trigger: it decides which buttons exist.
  useLayoutEffect(() => {
    const box = actions.current;
    if (!hadFocus.current || !box || box.contains(document.activeElement)) return;
    const next = box.querySelector('button');
    if (next) next.focus();
    else onFocusLost?.();
  }, [stage]);
  return actions;
}

export function UploadProgress({ item, onCancel, onRetry, onDismiss, onPause, onResume, onFocusLost }: Props) {
  const actions = useKeptFocus(item.stage, onFocusLost);
  const percent = item.total > 0 ? Math.min(100, Math.round((100 * item.loaded) / item.total)) : 0;
  const active = isActive(item);
  const pausable = item.pausable && onPause !== undefined && onResume !== undefined;
  const name = item.file.name;
  return (
    <li className={styles.item} data-testid="upload-item" data-stage={item.stage}>
      <div className={styles.itemHead}>
        <span className={styles.filename}>{name}</span>
        <span className="muted">
          {formatBytes(item.file.size)} · {STAGE_LABELS[item.stage]}
          {item.stage === 'uploading' || item.stage === 'paused' ? ` ${percent}%` : ''}
        </span>
      </div>
      <progress
        className={styles.progress}
        max={100}
        value={item.stage === 'done' ? 100 : percent}
        aria-label={`Upload of ${isolateText(name)}`}
      />
      {item.pausable && (item.stage === 'uploading' || item.stage === 'paused') && (
        <p className="muted small" data-testid="upload-transfer">
          {transferLine(item)}
        </p>
      )}
      {item.error && (
        <p role="alert" className="error">
          {uploadFailureText(item)}
        </p>
      )}
      <div ref={actions} className={styles.itemActions}>
        {pausable && item.stage === 'uploading' && (
          <button type="button" className="button subtle" onClick={() => onPause(item.key)}>
            Pause <span className="visually-hidden">upload of {isolateText(name)}</span>
          </button>
        )}
        {pausable && item.stage === 'paused' && (
          <button type="button" className="button" onClick={() => onResume(item.key)}>
            Resume <span className="visually-hidden">upload of {isolateText(name)}</span>
          </button>
        )}
        {isCancellable(item) && (
          <button type="button" className="button subtle" onClick={() => onCancel(item.key)}>
            Cancel <span className="visually-hidden">upload of {isolateText(name)}</span>
          </button>
        )}
        {(item.stage === 'failed' || item.stage === 'cancelled') && (
          <button type="button" className="button subtle" onClick={() => onRetry(item.key)}>
            Retry <span className="visually-hidden">upload of {isolateText(name)}</span>
          </button>
        )}
        {!active && item.stage !== 'paused' && (
          <button
            type="button"
            className="button subtle"
            onClick={() => {
              // The item goes with its buttons: focus the slot's picker first.
              onFocusLost?.();
              onDismiss(item.key);
            }}
          >
            Dismiss <span className="visually-hidden">{isolateText(name)}</span>
          </button>
        )}
      </div>
    </li>
  );
}
