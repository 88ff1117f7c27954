/**
 * One attached file as a record's page lists it: a badge for its kind, a
 * download link when storage gave a URL (else its name), and its size.
 */
import { formatBytes } from '@/server/client';
import type { AssetView } from './assetView';

export function AttachedFile({ file, badge }: { file: AssetView; badge: string }) {
  return (
    <>
      <span className="badge" aria-hidden="true">
        {badge}
      </span>
      {file.url ? (
        <a href={file.url} download={file.filename} rel="noopener">
          {file.filename}
        </a>
      ) : (
        <span>{file.filename}</span>
      )}
      {file.byteSize !== null && <span className="muted small">{formatBytes(file.byteSize)}</span>}
    </>
  );
}
