import { describe, expect, it } from 'vitest';
import { MiB } from '../shared/byteSizes';
import { planUploads } from './planUploads';
import type { UploadItem } from './UploadItem';

const pdf = (name: string, size = 10, lastModified = 1) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf', lastModified });
const item = (key: string, file: File, stage: UploadItem['stage']): UploadItem => ({
  key,
  file,
  stage,
  loaded: 0,
  total: file.size,
  pausable: false,
});
const documents = { accepts: 'application/pdf', maxSize: MiB, max: 3, kind: 'many' } as const;
const logo = { accepts: 'application/pdf', maxSize: MiB, kind: 'one' } as const;

describe('planUploads (what start does with the files chosen)', () => {
  it('uploads what passes and refuses the rest by name, counting held and running files against max', () => {
    const running = [item('upload-1', pdf('a.pdf'), 'uploading'), item('upload-2', pdf('b.pdf'), 'done')];
    const plan = planUploads([pdf('c.pdf'), pdf('big.pdf', 2 * MiB), pdf('d.pdf')], documents, running, 1);
    expect(plan).toEqual({
      upload: [expect.objectContaining({ name: 'c.pdf' })],
      refusals: [
        expect.stringMatching(/^\u2068big\.pdf\u2069 is too large/),
        '\u2068d.pdf\u2069: at most 3 files can be attached.',
      ],
      replaceListed: false,
    });
  });

  it('a has-one slot takes the first file, and a new file replaces what is listed (the last choice wins)', () => {
    const listed = [item('upload-1', pdf('old.pdf'), 'uploading')];
    expect(planUploads([pdf('new.pdf'), pdf('other.pdf')], logo, listed)).toEqual({
      upload: [expect.objectContaining({ name: 'new.pdf' })],
      refusals: [],
      replaceListed: true,
    });
  });

  it('a has-one slot given the same file while it uploads or is paused goes on with that upload', () => {
    const same = pdf('same.pdf');
    for (const stage of ['uploading', 'paused'] as const)
      expect(planUploads([pdf('same.pdf')], logo, [item('upload-4', same, stage)])).toEqual({
        continueKey: 'upload-4',
      });
    // Finished or failed: the same file again is a new upload.
    expect(planUploads([pdf('same.pdf')], logo, [item('upload-4', same, 'failed')])).toMatchObject({
      replaceListed: true,
    });
  });

  it('a refused file in a has-one slot leaves the listed upload alone', () => {
    const listed = [item('upload-1', pdf('old.pdf'), 'uploading')];
    expect(planUploads([pdf('huge.pdf', 2 * MiB)], logo, listed)).toMatchObject({ upload: [], replaceListed: false });
  });
});
