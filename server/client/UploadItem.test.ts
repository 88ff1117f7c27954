import { describe, expect, it } from 'vitest';
import { ClientError } from './ClientError';
import { reattachableAsset, type UploadItem, uploadErrorMessage } from './UploadItem';

const failed = (failedStage: UploadItem['failedStage'], cause: unknown): UploadItem => ({
  key: 'upload-1',
  file: new File([new Uint8Array(3)], 'a.pdf', { type: 'application/pdf' }),
  stage: 'failed',
  failedStage,
  cause,
  assetId: 7,
  loaded: 3,
  total: 3,
  pausable: false,
});

describe('reattachableAsset (where a Retry starts)', () => {
  const dropped = new ClientError('NETWORK_ERROR', 'The server could not be reached.', undefined, 0);

  it('after the attach failed, the stored asset: Retry attaches it without sending the file again', () => {
    expect(reattachableAsset(failed('attaching', dropped))).toBe(7);
    const full = new ClientError('UNPROCESSABLE_ENTITY', 'Invalid', { documents: ['can hold at most 10 files'] }, 422);
    expect(reattachableAsset(failed('attaching', full))).toBe(7);
  });

  it('from the start when an earlier stage failed, or the server no longer has the upload', () => {
    for (const stage of ['presigning', 'uploading', 'confirming'] as const)
      expect(reattachableAsset(failed(stage, dropped))).toBeUndefined();
    const gone = new ClientError('NOT_FOUND', 'Asset not found', undefined, 404);
    expect(reattachableAsset(failed('attaching', gone))).toBeUndefined();
  });

  it('only for a failed item', () => {
    expect(reattachableAsset({ ...failed('attaching', dropped), stage: 'cancelled' })).toBeUndefined();
  });
});

describe('uploadErrorMessage (what a failed item says)', () => {
  it("says why the server refused the file, naming it, rather than the refusal's bare title", () => {
    const refused = (fields: Record<string, string[]>) =>
      new ClientError('UNPROCESSABLE_ENTITY', 'The uploaded file does not match the presigned upload', fields, 422);
    expect(
      uploadErrorMessage(refused({ contentType: ['broken.png cannot be read as an image (bad IHDR)'] }), 'broken.png'),
    ).toBe('\u2068broken.png\u2069 cannot be read as an image (bad IHDR)');
    expect(uploadErrorMessage(refused({ contentType: ['looks like image/png, not application/pdf'] }), 'a.pdf')).toBe(
      '\u2068a.pdf\u2069 looks like image/png, not application/pdf',
    );
    expect(uploadErrorMessage(refused({ base: ['Storage is full.'] }), 'a.pdf')).toBe('Storage is full.');
    expect(uploadErrorMessage(new Error('The upload failed: storage could not be reached.'), 'a.pdf')).toBe(
      'The upload failed: storage could not be reached.',
    );
  });
});
