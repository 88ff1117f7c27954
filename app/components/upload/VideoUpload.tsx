// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * A campaign's video (has-one, private, up to 2 GiB): the large-file path.
 * Files of `multipartThreshold` or more go up in parts straight to storage,
 * with bytes sent, speed and time left, Pause / Resume, and resume after a
 * reload: the upload is remembered in this browser, and choosing the same
 * file again sends only the parts storage does not have yet.
 */
import { formatBytes } from '@/server/client';
import { AttachedFile } from './AttachedFile';
import { AttachedNotice } from './AttachedNotice';
import type { AssetView } from './assetView';
import { FilePicker } from './FilePicker';
import { SLOT_RULES } from './slotRules';
import { UploadProgress } from './UploadProgress';
import { UploadRejections } from './UploadRejections';
import styles from './upload.module.css';
import { useAttachedNotice } from './useAttachedNotice';
import { useCampaignUpload } from './useCampaignUpload';

interface Props {
  teamId: number;
  campaignId: number;
  video: AssetView | null;
  /** Files of this size or more upload in parts (UPLOAD_MULTIPART_THRESHOLD, read on the server). */
  multipartThreshold: number;
}

export function VideoUpload({ teamId, campaignId, video, multipartThreshold }: Props) {
  const attached = useAttachedNotice('one');
  const upload = useCampaignUpload(teamId, campaignId, 'video', {
    multipartThreshold,
    // Attached: the campaign refreshed before attach resolved, so `video` shows it now.
    onDone: (_result, item) => {
      upload.dismiss(item.key);
      attached.record(item.file.name);
    },
  });
  const current = upload.items.at(-1);

  return (
    <section aria-labelledby="video-heading" className="card">
      <h2 id="video-heading">Video</h2>
      {video ? (
        <p className={styles.videoMeta} data-testid="attached-video">
          <AttachedFile file={video} badge="Video" />
        </p>
      ) : (
        <p className="muted">No video yet.</p>
      )}
      {upload.interrupted.length > 0 && (
        <ul className={`${styles.items} ${styles.interruptedList}`} aria-label="Interrupted uploads">
          {upload.interrupted.map((interrupted) => (
            <li key={interrupted.key} className={`notice ${styles.interrupted}`} data-testid="interrupted-upload">
              <span>
                The upload of {interrupted.filename ?? 'a file'}
                {interrupted.byteSize !== undefined ? ` (${formatBytes(interrupted.byteSize)})` : ''} was interrupted.
                Choose the same file again to continue where it stopped.
              </span>
              <button type="button" className="button subtle" onClick={() => upload.discard(interrupted)}>
                Discard <span className="visually-hidden">the upload of {interrupted.filename ?? 'this file'}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <FilePicker
        id={`video-input-${campaignId}`}
        label={video ? 'Replace video' : 'Upload video'}
        accept="video/*"
        hint={`A video file, up to ${formatBytes(SLOT_RULES.video.maxSize)}. From ${formatBytes(multipartThreshold)} it goes up in parts: pause, resume, or continue after a reload.`}
        onFiles={(files) => {
          attached.clear();
          upload.start(files.slice(0, 1));
        }}
      />
      <AttachedNotice names={attached.names} />
      <UploadRejections messages={upload.rejected} />
      {current && (
        <ul className={styles.items} aria-label="Uploads">
          <UploadProgress
            item={current}
            onCancel={upload.cancel}
            onRetry={upload.retry}
            onDismiss={upload.dismiss}
            onPause={upload.pause}
            onResume={upload.resume}
          />
        </ul>
      )}
    </section>
  );
}
