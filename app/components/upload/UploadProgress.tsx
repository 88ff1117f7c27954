'use client';
/**
 * One file being uploaded: name, stage, a progress bar, and cancel / retry /
 * dismiss. Large files (sent in parts) also show bytes sent, speed and time
 * left, and can pause and resume; paused, what is saved and what goes again
 * (transferLine.ts).
 */
import { formatBytes, isActive, type UploadItem } from '@/server/client';
import { retryText } from '../ErrorMessage';
import { transferLine } from './transferLine';
import styles from './upload.module.css';

const STAGE_LABELS: Record<UploadItem['stage'], string> = {
  presigning: 'Preparing…',
  uploading: 'Uploading',
  confirming: 'Checking…',
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
}

export function UploadProgress({ item, onCancel, onRetry, onDismiss, onPause, onResume }: Props) {
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
        aria-label={`Upload of ${name}`}
      />
      {item.pausable && (item.stage === 'uploading' || item.stage === 'paused') && (
        <p className="muted small" data-testid="upload-transfer">
          {transferLine(item)}
        </p>
      )}
      {item.error && (
        <p role="alert" className="error">
          {retryText(item.error, item.retryAfter)}
        </p>
      )}
      <div className={styles.itemActions}>
        {pausable && item.stage === 'uploading' && (
          <button type="button" className="button subtle" onClick={() => onPause(item.key)}>
            Pause <span className="visually-hidden">upload of {name}</span>
          </button>
        )}
        {pausable && item.stage === 'paused' && (
          <button type="button" className="button" onClick={() => onResume(item.key)}>
            Resume <span className="visually-hidden">upload of {name}</span>
          </button>
        )}
        {(active || item.stage === 'paused') && (
          <button type="button" className="button subtle" onClick={() => onCancel(item.key)}>
            Cancel <span className="visually-hidden">upload of {name}</span>
          </button>
        )}
        {(item.stage === 'failed' || item.stage === 'cancelled') && (
          <button type="button" className="button subtle" onClick={() => onRetry(item.key)}>
            Retry <span className="visually-hidden">upload of {name}</span>
          </button>
        )}
        {!active && item.stage !== 'paused' && (
          <button type="button" className="button subtle" onClick={() => onDismiss(item.key)}>
            Dismiss <span className="visually-hidden">{name}</span>
          </button>
        )}
      </div>
    </li>
  );
}
