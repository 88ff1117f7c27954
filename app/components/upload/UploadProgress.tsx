'use client';
/** One file being uploaded: name, stage, a progress bar, and cancel / retry / dismiss. */
import { formatBytes, isActive, type UploadItem } from '@/server/client';
import styles from './upload.module.css';

const STAGE_LABELS: Record<UploadItem['stage'], string> = {
  presigning: 'Preparing…',
  uploading: 'Uploading',
  confirming: 'Checking…',
  attaching: 'Attaching…',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

interface Props {
  item: UploadItem;
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
  onDismiss: (key: string) => void;
}

export function UploadProgress({ item, onCancel, onRetry, onDismiss }: Props) {
  const percent = item.total > 0 ? Math.min(100, Math.round((100 * item.loaded) / item.total)) : 0;
  const active = isActive(item);
  return (
    <li className={styles.item} data-testid="upload-item" data-stage={item.stage}>
      <div className={styles.itemHead}>
        <span className={styles.filename}>{item.file.name}</span>
        <span className="muted">
          {formatBytes(item.file.size)} · {STAGE_LABELS[item.stage]}
          {item.stage === 'uploading' ? ` ${percent}%` : ''}
        </span>
      </div>
      <progress
        className={styles.progress}
        max={100}
        value={item.stage === 'done' ? 100 : percent}
        aria-label={`Upload of ${item.file.name}`}
      />
      {item.error && (
        <p role="alert" className="error">
          {item.error}
        </p>
      )}
      <div className={styles.itemActions}>
        {active && (
          <button type="button" className="button subtle" onClick={() => onCancel(item.key)}>
            Cancel <span className="visually-hidden">upload of {item.file.name}</span>
          </button>
        )}
        {(item.stage === 'failed' || item.stage === 'cancelled') && (
          <button type="button" className="button subtle" onClick={() => onRetry(item.key)}>
            Retry <span className="visually-hidden">upload of {item.file.name}</span>
          </button>
        )}
        {!active && (
          <button type="button" className="button subtle" onClick={() => onDismiss(item.key)}>
            Dismiss <span className="visually-hidden">{item.file.name}</span>
          </button>
        )}
      </div>
    </li>
  );
}
