/**
 * The upload pipeline without a browser: the client-side checks (same rules
 * as the server's slots), the XHR PUT (a fake XMLHttpRequest: headers,
 * progress, failures, abort) and the step order with cancel between steps.
 * The React state around it is exercised by the Playwright specs (e2e/uploads.spec.ts); what `start`
 * decides and where a Retry begins are in planUploads.test.ts and UploadItem.test.ts.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { formatBytes, MiB } from '../shared/byteSizes';
import { mimeMatches } from '../shared/mimeMatches';
import { type CreateRequest, putFile, UploadAbortedError } from './putFile';
import { attachUploaded, type PresignedUpload, uploadFile } from './uploadFile';
import { fileProblem } from './uploadRules';

const logo = { accepts: 'image/*', maxSize: 5 * MiB } as const;
const documents = { accepts: 'application/pdf', maxSize: 20 * MiB, max: 10 } as const;

class FakeXhr {
  static last: FakeXhr | undefined;
  opened: [string, string] | undefined;
  headers: Record<string, string> = {};
  sent: unknown;
  status = 0;
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  finish(status: number) {
    this.status = status;
    this.onload?.();
  }
}

const createRequest = (() => new FakeXhr()) as unknown as CreateRequest;
const presigned: PresignedUpload = {
  asset: { id: 7 },
  uploadUrl: 'http://s3.test/uploads/abc?X-Amz-Signature=1',
  method: 'PUT',
  headers: { 'Content-Type': 'image/png' },
};
const file = (name: string, type: string, size: number) => new File([new Uint8Array(size)], name, { type });

/** The fake XHR once uploadFile has opened it (hashing and presign take a few ticks). */
async function sentRequest(): Promise<FakeXhr> {
  for (let tick = 0; tick < 100 && !FakeXhr.last?.sent; tick++) await new Promise((resolve) => setTimeout(resolve, 1));
  if (!FakeXhr.last) throw new Error('no request was made');
  return FakeXhr.last;
}

describe('client-side checks (before any presign)', () => {
  it('accepts what the slot accepts; image/* is not SVG, as on the server', () => {
    expect(mimeMatches('image/*', 'image/png')).toBe(true);
    expect(mimeMatches('image/*', 'IMAGE/JPEG; q=1')).toBe(true);
    expect(mimeMatches('image/*', 'image/svg+xml')).toBe(false);
    expect(mimeMatches(['image/svg+xml'], 'image/svg+xml')).toBe(true);
    expect(mimeMatches('application/pdf', 'application/pdf')).toBe(true);
    expect(mimeMatches('application/pdf', 'text/plain')).toBe(false);
    expect(mimeMatches('*/*', '')).toBe(false);
  });

  it('names the file and the rule it breaks', () => {
    expect(fileProblem({ name: 'a.png', type: 'image/png', size: 100 }, logo)).toBeNull();
    expect(fileProblem({ name: 'a.svg', type: 'image/svg+xml', size: 100 }, logo)).toMatch(
      /^\u2068a\.svg\u2069: this type of file is not accepted \(image\/svg\+xml; expected image\/\*\)/,
    );
    expect(fileProblem({ name: 'x', type: '', size: 1 }, documents)).toMatch(/unknown type/);
    expect(fileProblem({ name: 'big.png', type: 'image/png', size: 6 * MiB }, logo)).toBe(
      '\u2068big.png\u2069 is too large (6 MiB; the limit is 5 MiB).',
    );
    expect(fileProblem({ name: 'big.png', type: 'image/png', size: 5 * MiB + 1 }, logo)).toBe(
      '\u2068big.png\u2069 is too large (5,242,881 bytes; the limit is 5 MiB).',
    );
    expect(fileProblem({ name: 'e.pdf', type: 'application/pdf', size: 0 }, documents)).toBe(
      '\u2068e.pdf\u2069 is empty.',
    );
    // A slot declared without `accepts` (any type, private): gen emits no `accepts`, and only the size counts.
    const anyType = { maxSize: 20 * MiB } as const;
    expect(
      fileProblem({ name: 'notes.odt', type: 'application/vnd.oasis.opendocument.text', size: 9 }, anyType),
    ).toBeNull();
    expect(fileProblem({ name: 'x', type: '', size: 1 }, anyType)).toBeNull();
    expect(fileProblem({ name: 'big.zip', type: 'application/zip', size: 21 * MiB }, anyType)).toMatch(/too large/);
  });

  it('formats sizes', () => {
    expect([formatBytes(12), formatBytes(2048), formatBytes(1.5 * MiB), formatBytes(20 * MiB)]).toEqual([
      '12 B',
      '2 KiB',
      '1.5 MiB',
      '20 MiB',
    ]);
  });
});

describe('putFile', () => {
  it('PUTs the body with exactly the signed headers and reports progress', async () => {
    const seen: [number, number][] = [];
    const body = file('a.png', 'image/png', 10);
    const done = putFile(presigned, body, { createRequest, onProgress: (loaded, total) => seen.push([loaded, total]) });
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.opened).toEqual(['PUT', presigned.uploadUrl]);
    expect(xhr.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(xhr.sent).toBe(body);
    xhr.progress(4, 10);
    xhr.progress(10, 10);
    xhr.finish(200);
    await done;
    expect(seen).toEqual([
      [4, 10],
      [10, 10],
    ]);
  });

  it('rejects on a non-2xx answer and on a network error', async () => {
    const refused = putFile(presigned, file('a.png', 'image/png', 1), { createRequest });
    (FakeXhr.last as FakeXhr).finish(403);
    await expect(refused).rejects.toThrow('Storage refused the upload (HTTP 403).');
    const unreachable = putFile(presigned, file('a.png', 'image/png', 1), { createRequest });
    (FakeXhr.last as FakeXhr).onerror?.();
    await expect(unreachable).rejects.toThrow(/could not be reached/);
  });

  it('aborts the request when the signal fires', async () => {
    const controller = new AbortController();
    const pending = putFile(presigned, file('a.png', 'image/png', 1), { createRequest, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(UploadAbortedError);
    expect((FakeXhr.last as FakeXhr).aborted).toBe(true);
  });
});

describe('uploadFile', () => {
  it('runs presign -> PUT -> confirm -> attach and returns what attach returns', async () => {
    const calls: string[] = [];
    const stages: string[] = [];
    FakeXhr.last = undefined;
    const result = uploadFile(
      file('brochure.pdf', 'application/pdf', 3),
      {
        presign: async (input) => {
          calls.push(`presign ${JSON.stringify(input)}`);
          return presigned;
        },
        confirm: async (assetId) => {
          calls.push(`confirm ${assetId}`);
        },
        attach: async (assetId) => {
          calls.push(`attach ${assetId}`);
          return { attached: assetId };
        },
      },
      { createRequest, onStage: (stage) => stages.push(stage) },
    );
    (await sentRequest()).finish(200);
    expect(await result).toEqual({ attached: 7 });
    const sha256 = createHash('sha256').update(new Uint8Array(3)).digest('base64');
    expect(calls).toEqual([
      `presign {"filename":"brochure.pdf","contentType":"application/pdf","byteSize":3,"checksumSha256":"${sha256}"}`,
      'confirm 7',
      'attach 7',
    ]);
    expect(stages).toEqual(['presigning', 'uploading', 'confirming', 'attaching', 'done']);
  });

  it('hashes files up to checksumMaxBytes (SubtleCrypto SHA-256, base64) and leaves larger ones unhashed', async () => {
    const inputs: unknown[] = [];
    const steps = {
      presign: async (input: unknown) => {
        inputs.push(input);
        return presigned;
      },
      confirm: async () => {},
      attach: async () => null,
    };
    const bytes = new TextEncoder().encode('hello');
    for (const checksumMaxBytes of [5, 4]) {
      FakeXhr.last = undefined;
      const result = uploadFile(new File([bytes], 'a.txt', { type: 'text/plain' }), steps, {
        createRequest,
        checksumMaxBytes,
      });
      (await sentRequest()).finish(200);
      await result;
    }
    expect(inputs).toEqual([
      {
        filename: 'a.txt',
        contentType: 'text/plain',
        byteSize: 5,
        checksumSha256: 'LPJNul+wow4m6DsqxbninhsWHlwfp0JecwQzYpOLmCQ=',
      },
      { filename: 'a.txt', contentType: 'text/plain', byteSize: 5 },
    ]);
  });

  it('stops after the presign when cancelled meanwhile: no PUT, no confirm', async () => {
    const controller = new AbortController();
    const calls: string[] = [];
    FakeXhr.last = undefined;
    const result = uploadFile(
      file('a.png', 'image/png', 1),
      {
        presign: async () => {
          controller.abort();
          return presigned;
        },
        confirm: async () => {
          calls.push('confirm');
        },
        attach: async () => calls.push('attach'),
      },
      { createRequest, signal: controller.signal },
    );
    await expect(result).rejects.toBeInstanceOf(UploadAbortedError);
    expect(FakeXhr.last).toBeUndefined();
    expect(calls).toEqual([]);
  });
});

describe('uploadFile: cancel reaches until the attach request is sent', () => {
  it('cancelled while confirming: confirm finishes, attach is never sent', async () => {
    const controller = new AbortController();
    const calls: string[] = [];
    FakeXhr.last = undefined;
    const result = uploadFile(
      file('a.png', 'image/png', 1),
      {
        presign: async () => presigned,
        confirm: async () => {
          calls.push('confirm');
          controller.abort();
        },
        attach: async () => calls.push('attach'),
      },
      { createRequest, signal: controller.signal },
    );
    (await sentRequest()).finish(200);
    await expect(result).rejects.toBeInstanceOf(UploadAbortedError);
    expect(calls).toEqual(['confirm']);
  });
});

describe('attachUploaded (Retry after only the attach failed)', () => {
  it('sends the attach alone: no presign, no PUT, no confirm', async () => {
    const calls: string[] = [];
    const stages: string[] = [];
    FakeXhr.last = undefined;
    const result = await attachUploaded(
      7,
      {
        attach: async (assetId) => {
          calls.push(`attach ${assetId}`);
          return { attached: assetId };
        },
      },
      { onStage: (stage) => stages.push(stage) },
    );
    expect(result).toEqual({ attached: 7 });
    expect(calls).toEqual(['attach 7']);
    expect(stages).toEqual(['attaching', 'done']);
    expect(FakeXhr.last).toBeUndefined();
  });

  it('sends nothing once cancelled', async () => {
    const controller = new AbortController();
    controller.abort();
    const calls: string[] = [];
    await expect(
      attachUploaded(7, { attach: async () => calls.push('attach') }, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(UploadAbortedError);
    expect(calls).toEqual([]);
  });
});
