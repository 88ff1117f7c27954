// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * A campaign's video (has-one, private, up to 2 GiB): the large-file path.
 * Files of `multipartThreshold` or more go up in parts straight to storage,
 * with bytes sent, speed and time left, Pause / Resume, and resume after a
 * reload: the upload is remembered in this browser, and choosing the same
 * file again sends only the parts storage does not have yet. A file chosen
 * while another uploads cancels that one (the last choice wins); Remove
 * empties the slot.
 */
import { formatBytes } from '@/server/client';
import { AttachedFile } from './AttachedFile';
import { AttachedNotice } from './AttachedNotice';
import type { AssetView } from './assetView';
import { FilePicker, focusFilePicker } from './FilePicker';
import { InterruptedUploads } from './InterruptedUploads';
import { RemoveCampaignFile } from './RemoveCampaignFile';
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
  const pickerId = `video-input-${campaignId}`;
  const refocus = () => focusFilePicker(pickerId);

  return (
    <section aria-labelledby="video-heading" className="card">
      <h2 id="video-heading">Video</h2>
      {video ? (
        <div className={styles.videoMeta} data-testid="attached-video">
          <AttachedFile file={video} badge="Video" />
          <RemoveCampaignFile
            teamId={teamId}
            campaignId={campaignId}
            slot="video"
            file={video}
            pickerId={pickerId}
            onRemoved={attached.removed}
          />
        </div>
      ) : (
        <p className="muted">No video yet.</p>
      )}
      <InterruptedUploads
        uploads={upload.interrupted}
        onDiscard={(interrupted) => {
          refocus();
          upload.discard(interrupted);
        }}
      />
      <FilePicker
        id={pickerId}
        label={video ? 'Replace video' : 'Upload video'}
        accept="video/*"
        hint={`A video file, up to ${formatBytes(SLOT_RULES.video.maxSize)}. From ${formatBytes(multipartThreshold)} it goes up in parts: pause, resume, or continue after a reload.`}
        onFiles={(files) => {
          attached.clear();
          upload.start(files.slice(0, 1));
        }}
      />
      <AttachedNotice names={attached.names} removed={attached.removedName} />
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
            onFocusLost={refocus}
          />
        </ul>
      )}
    </section>
  );
}
