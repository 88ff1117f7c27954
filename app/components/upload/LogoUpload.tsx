// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * A campaign's logo (has-one, public): the current image, a preview of the
 * file while it uploads, a progress bar, replace and remove. Type and size are
 * checked before anything is sent (slotRules.ts). A file chosen while another
 * uploads cancels that one (useUpload: the last choice wins). A failed or cancelled
 * upload drops its preview: the frame shows the logo the campaign really has
 * (or none), while the item below offers Retry.
 */
import { useEffect, useState } from 'react';
import { formatBytes, isActive, isolateText } from '@/server/client';
import { AttachedNotice } from './AttachedNotice';
import type { AssetView } from './assetView';
import { FilePicker, focusFilePicker } from './FilePicker';
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
  campaignName: string;
  logo: AssetView | null;
}

/** An object URL for a local file, revoked when the file changes or the component goes. */
function useObjectUrl(file: File | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) return setUrl(undefined);
    const created = URL.createObjectURL(file);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return url;
}

export function LogoUpload({ teamId, campaignId, campaignName, logo }: Props) {
  const attached = useAttachedNotice('one');
  // Attached: the campaign's queries have refreshed (attach's hook waits for it), so drop the item.
  const upload = useCampaignUpload(teamId, campaignId, 'logo', {
    onDone: (_result, item) => {
      upload.dismiss(item.key);
      attached.record(item.file.name);
    },
  });
  const current = upload.items.at(-1);
  // Only while the file is on its way (or just attached, until the item is dismissed).
  const previewing = current !== undefined && (isActive(current) || current.stage === 'done');
  const preview = useObjectUrl(previewing ? current.file : undefined);
  const shown = preview ?? logo?.url ?? undefined;
  const pickerId = `logo-input-${campaignId}`;

  return (
    <section aria-labelledby="logo-heading" className="card">
      <h2 id="logo-heading">Logo</h2>
      <div className={styles.logoRow}>
        <div className={styles.logoFrame}>
          {shown ? (
            // A plain <img>: the logo comes from the bucket (or a CDN), not through Next's image optimiser.
            // biome-ignore lint/performance/noImgElement: see above.
            <img
              src={shown}
              alt={
                preview ? `Preview of ${isolateText(current?.file.name ?? '')}` : `Logo of ${isolateText(campaignName)}`
              }
              className={styles.logo}
              data-testid={preview ? 'logo-preview' : 'logo-image'}
            />
          ) : logo ? (
            // On record but with nothing to serve it: uploads are off here (no S3_* variables).
            <span className="muted">Logo not available</span>
          ) : (
            <span className="muted">No logo yet</span>
          )}
        </div>
        <div className="stack">
          {logo && !preview && (
            <p className={`muted ${styles.logoMeta}`}>
              {logo.thumbUrl && (
                // The 128 px WebP the image job made (docs/jobs.md): what lists show, a few KB.
                // biome-ignore lint/performance/noImgElement: from the bucket, like the logo itself.
                <img
                  src={logo.thumbUrl}
                  alt={`Thumbnail of ${isolateText(campaignName)}`}
                  className={styles.thumb}
                  data-testid="logo-thumb"
                />
              )}
              {logo.filename}
              {logo.byteSize !== null ? ` · ${formatBytes(logo.byteSize)}` : ''}
            </p>
          )}
          {logo && !preview && (
            <div>
              <RemoveCampaignFile
                teamId={teamId}
                campaignId={campaignId}
                slot="logo"
                file={logo}
                pickerId={pickerId}
                onRemoved={attached.removed}
              />
            </div>
          )}
          <FilePicker
            id={pickerId}
            label={logo ? 'Replace logo' : 'Upload logo'}
            accept="image/*"
            hint={`An image (PNG, JPEG, GIF, WebP; not SVG), up to ${formatBytes(SLOT_RULES.logo.maxSize)}.`}
            onFiles={(files) => {
              attached.clear();
              upload.start(files.slice(0, 1));
            }}
          />
        </div>
      </div>
      <AttachedNotice names={attached.names} removed={attached.removedName} />
      <UploadRejections messages={upload.rejected} />
      {current && (
        <ul className={styles.items}>
          <UploadProgress
            item={current}
            onCancel={upload.cancel}
            onRetry={upload.retry}
            onDismiss={upload.dismiss}
            onFocusLost={() => focusFilePicker(pickerId)}
          />
        </ul>
      )}
    </section>
  );
}
