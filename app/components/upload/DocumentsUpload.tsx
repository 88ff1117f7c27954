// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * A campaign's documents (has-many, private PDFs): download links (short-lived
 * presigned URLs, signed when the campaign is loaded), a drop zone or file
 * picker for several files at once, and a progress bar per file.
 */
import { type DragEvent, useState } from 'react';
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
            </li>
          ))}
        </ul>
      )}
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
          id={`documents-input-${campaignId}`}
          label="Choose PDFs"
          accept="application/pdf"
          multiple
          hint={`PDF only, up to ${formatBytes(SLOT_RULES.documents.maxSize)} each, ${max} in all.`}
          onFiles={start}
        />
      </div>
      <AttachedNotice names={attached.names} />
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
            />
          ))}
        </ul>
      )}
    </section>
  );
}
