// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * A campaign's documents (has-many, private PDFs): download links (short-lived
 * presigned URLs, signed when the campaign is loaded), a drop zone or file
 * picker for several files at once, a progress bar per file, Remove per
 * document, and the uploads a reload interrupted (files from the multipart
 * threshold go in parts and can resume, as the video does).
 */
import { type DragEvent, useState } from 'react';
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
  documents: readonly AssetView[];
  /** Files of this size or more go in parts (resumable); the hook's default otherwise. */
  multipartThreshold?: number;
}

export function DocumentsUpload({ teamId, campaignId, documents, multipartThreshold }: Props) {
  const attached = useAttachedNotice('many');
  const upload = useCampaignUpload(teamId, campaignId, 'documents', {
    existingCount: documents.length,
    ...(multipartThreshold !== undefined ? { multipartThreshold } : {}),
    // Attached: it is in `documents` now (the campaign refreshed before attach resolved).
    onDone: (_result, item) => {
      upload.dismiss(item.key);
      attached.record(item.file.name);
    },
  });
  const [dragging, setDragging] = useState(false);
  function start(files: File[]) {
    attached.clear();
    upload.start(files);
  }
  const max = SLOT_RULES.documents.max ?? Number.POSITIVE_INFINITY;
  const pickerId = `documents-input-${campaignId}`;
  const refocus = () => focusFilePicker(pickerId);

  function drop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    start(Array.from(event.dataTransfer.files));
  }

  return (
    <section aria-labelledby="documents-heading" className="card">
      <h2 id="documents-heading">
        Documents{' '}
        <span className="muted small">
          {documents.length} of {max}
        </span>
      </h2>
      {documents.length === 0 ? (
        <p className="muted">No documents yet.</p>
      ) : (
        <ul className={styles.documents} aria-label="Attached documents">
          {documents.map((document) => (
            <li key={document.id}>
              <AttachedFile file={document} badge="PDF" />
              <RemoveCampaignFile
                teamId={teamId}
                campaignId={campaignId}
                slot="documents"
                file={document}
                pickerId={pickerId}
                onRemoved={attached.removed}
              />
            </li>
          ))}
        </ul>
      )}
      <InterruptedUploads
        uploads={upload.interrupted}
        onDiscard={(interrupted) => {
          refocus();
          upload.discard(interrupted);
        }}
      />
      {/* Pointer users may drop files here; the picker inside serves keyboard and touch users. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop target is a mouse convenience; the file input inside is the accessible control. */}
      <div
        className={`${styles.dropZone} ${dragging ? styles.dragging : ''}`}
        data-testid="documents-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
      >
        <p>Drop PDF files here, or</p>
        <FilePicker
          id={pickerId}
          label="Choose PDFs"
          accept="application/pdf"
          multiple
          hint={`PDF only, up to ${formatBytes(SLOT_RULES.documents.maxSize)} each, ${max} in all.`}
          onFiles={start}
        />
      </div>
      <AttachedNotice names={attached.names} removed={attached.removedName} />
      <UploadRejections messages={upload.rejected} />
      {upload.items.length > 0 && (
        <ul className={styles.items} aria-label="Uploads">
          {upload.items.map((item) => (
            <UploadProgress
              key={item.key}
              item={item}
              onCancel={upload.cancel}
              onRetry={upload.retry}
              onDismiss={upload.dismiss}
              onPause={upload.pause}
              onResume={upload.resume}
              onFocusLost={refocus}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
