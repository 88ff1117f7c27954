/**
 * Browser multipart uploads through the HTTP endpoints, on real PostgreSQL
 * and s3rver: assembled in staging, then confirmed; a 40 MiB file in 8 parts of 5 MiB, interrupted and resumed
 * from what the app recorded (no ListParts); missing parts; cancel; the
 * same checks as confirm; cleanup of abandoned uploads. s3rver has no
 * AbortMultipartUpload: the tests assert the app's side and print the rest.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../model';
import { MiB } from '../shared/byteSizes';
import type { S3ObjectEvent } from '../testing/s3Server';
import { configureStorage } from './configureStorage';
import { headObject } from './objectStore';
import { runAssetCleanup } from './runAssetCleanup';
import { s3Client } from './s3Client';
import {
  bigPdf,
  commandsDuring,
  createMultipartUpload as create,
  post,
  putPart,
  sendParts,
} from './testing/multipartFlow';
import { assetRows, BOB, setUpUploadEnvironment } from './testing/uploadFlow';

const env = setUpUploadEnvironment();
beforeAll(() => {
  // The shared environment caps uploads at 64 KiB; multipart is for large files.
  configureStorage({ ...env.storage().options, defaultMaxSize: 64 * MiB });
});

describe('multipart uploads', () => {
  it('40 MiB in 8 parts of 5 MiB, interrupted after 4 and resumed from the recorded parts; the bytes come back identical', async () => {
    const file = bigPdf(40 * 1024 * 1024);
    const { asset, partSize, partCount } = await create(file);
    expect({ partSize, partCount }).toEqual({ partSize: 5 * 1024 * 1024, partCount: 8 });
    const [row] = await assetRows();
    expect(row?.key).toMatch(/^private\/\d{4}\/\d{2}\/[0-9a-f]{32}\.pdf$/);
    expect(row?.staging_key).toMatch(/^staging\/[0-9a-f]{32}$/);
    const slice = (n: number) => file.subarray((n - 1) * partSize, n * partSize);

    // First session: signs all parts, uploads and reports 1-4, then the tab is closed.
    const first = await post('sign-parts', { assetId: asset.id, partNumbers: [1, 2, 3, 4, 5, 6, 7, 8] });
    expect(first.body.uploaded).toEqual([]);
    expect(new URL(first.body.parts[0].url).pathname).toBe(`/${env.storage().s3.bucket}/${row?.staging_key}`);
    for (const part of first.body.parts.slice(0, 4)) {
      expect(part.byteSize).toBe(partSize);
      const etag = await putPart(part.url, slice(part.partNumber));
      expect((await post('record-part', { assetId: asset.id, partNumber: part.partNumber, etag })).status).toBe(200);
    }
    const early = await post('complete-multipart', { assetId: asset.id });
    expect(early.status).toBe(400);
    expect(early.body.error.fields.parts[0]).toBe('4 of 8 not uploaded yet: 5, 6, 7, 8');

    // After a reload: the app says which parts are there; only the missing ones go up.
    const resumed = await post('sign-parts', { assetId: asset.id, partNumbers: [5, 6, 7, 8] });
    expect(resumed.body.uploaded.map((part: { partNumber: number }) => part.partNumber)).toEqual([1, 2, 3, 4]);
    await Promise.all(
      resumed.body.parts.map(async (part: { partNumber: number; url: string }) => {
        const etag = await putPart(part.url, slice(part.partNumber));
        expect((await post('record-part', { assetId: asset.id, partNumber: part.partNumber, etag })).status).toBe(200);
      }),
    );

    const completed = await post('complete-multipart', { assetId: asset.id });
    expect(completed.status).toBe(200);
    expect(completed.body).toMatchObject({ id: asset.id, status: 'ready', byteSize: file.byteLength });
    // Completing again (a retry) is the same ready asset (its URL is signed anew: X-Amz-Date may be a second later).
    expect((await post('complete-multipart', { assetId: asset.id })).body).toEqual({
      ...completed.body,
      url: expect.stringContaining(completed.body.url.split('?')[0]),
    });
    const download = Buffer.from(await (await fetch(completed.body.url)).arrayBuffer());
    expect(download.equals(file)).toBe(true);
    expect(await assetRows()).toMatchObject([{ status: 'ready', staging_key: null, multipart: null }]);
    expect(await headObject(row?.staging_key as string)).toBeNull();
  }, 120_000);

  it('HTML claimed as image/png is refused at complete like at confirm: object and row removed', async () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    const { asset } = await create(html, { slot: 'Billboard.logo', contentType: 'image/png', filename: 'logo.png' });
    const signed = await post('sign-parts', { assetId: asset.id, partNumbers: [1] });
    const etag = await putPart(signed.body.parts[0].url, html);
    await post('record-part', { assetId: asset.id, partNumber: 1, etag });
    const [row] = await assetRows();
    const events: S3ObjectEvent[] = [];
    const unsubscribe = env.storage().s3.onObjectEvent((event) => events.push(event));
    const refused = await post('complete-multipart', { assetId: asset.id }).finally(unsubscribe);
    // Assembled in staging and refused there: the served key never held the HTML, not even for a moment.
    expect(events.map((event) => event.eventName)).toEqual(['ObjectCreated:Post', 'ObjectRemoved:Delete']);
    expect(new Set(events.map((event) => event.key))).toEqual(new Set([row?.staging_key]));
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields.contentType[0]).toMatch(/does not look like image\/png/);
    expect(await assetRows()).toEqual([]);
    expect(await headObject(row?.key as string)).toBeNull();
  });

  it('cancel removes the row; s3rver cannot abort the parts (a real store drops them)', async () => {
    const { asset } = await create(bigPdf(6 * MiB));
    const uploadId = (await assetRows())[0]?.multipart?.uploadId;
    let cancelled = { status: 0, body: null as unknown };
    const sent = await commandsDuring(async () => {
      cancelled = await post('abort-multipart', { assetId: asset.id });
    });
    expect(sent).toContain(`AbortMultipartUploadCommand ${uploadId}`);
    expect(cancelled.status).toBe(200);
    console.info(
      'abort-multipart on s3rver answered',
      cancelled.body,
      '(AbortMultipartUpload is not implemented there)',
    );
    expect(cancelled.body).toEqual({ aborted: false });
    expect(await assetRows()).toEqual([]);
    expect((await post('sign-parts', { assetId: asset.id, partNumbers: [1] })).status).toBe(404);
    expect((await post('complete-multipart', { assetId: asset.id })).status).toBe(404);
  });

  it("another user's upload is a 404; bad part numbers and ETags are 400s; a single-PUT asset is not multipart", async () => {
    const { asset } = await create(bigPdf(6 * MiB));
    expect((await post('sign-parts', { assetId: asset.id, partNumbers: [1] }, '9:1')).status).toBe(404);
    const outside = await post('sign-parts', { assetId: asset.id, partNumbers: [3] });
    expect(outside.status).toBe(400);
    expect(Object.keys(outside.body.error.fields)).toEqual(['partNumbers']);
    // Each input's own field name: recording one part names `partNumber`.
    const recordOutside = await post('record-part', { assetId: asset.id, partNumber: 3, etag: '"abc"' });
    expect(recordOutside.status).toBe(400);
    expect(Object.keys(recordOutside.body.error.fields)).toEqual(['partNumber']);
    expect((await post('sign-parts', { assetId: asset.id, partNumbers: [] })).status).toBe(400);
    expect((await post('sign-parts', { assetId: asset.id, partNumbers: [0] })).status).toBe(400);
    expect((await post('record-part', { assetId: asset.id, partNumber: 1, etag: 'x"\r\ny' })).status).toBe(400);
    expect((await post('record-part', { assetId: asset.id, partNumber: 1, etag: '"abc"' }, BOB)).status).toBe(404);
    const presigned = await post('presign', {
      filename: 'a.pdf',
      contentType: 'application/pdf',
      byteSize: 10,
      slot: 'Billboard.documents',
    });
    const notMultipart = await post('sign-parts', { assetId: presigned.body.asset.id, partNumbers: [1] });
    expect(notMultipart.status).toBe(400);
    expect(notMultipart.body.error.fields.assetId[0]).toMatch(/not a multipart upload in progress/);
  });

  // The parts are real and listed before completing, so a refusal here means the store changed in between
  // (another complete, an expiry). s3rver checks no ETag at completion, so the refusal is played by a
  // middleware, with the error names S3 answers.
  it.each([
    ['InvalidPart', 'parts'],
    ['InvalidPartOrder', 'parts'],
    ['NoSuchUpload', 'assetId'],
  ])('the store refusing the completion with %s is a 400 naming %s, not a 500', async (name, field) => {
    const file = bigPdf(6 * MiB);
    const { asset, partSize } = await create(file);
    await sendParts(asset.id, file, partSize, [1, 2]);
    s3Client().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName !== 'CompleteMultipartUploadCommand') return next(args);
        throw Object.assign(new Error(`${name} from the store`), { name, $metadata: { httpStatusCode: 400 } });
      },
      { step: 'initialize', name: 'refuseCompletionForTest' },
    );
    try {
      const completed = await post('complete-multipart', { assetId: asset.id });
      expect(completed.status, JSON.stringify(completed.body)).toBe(400);
      expect(Object.keys(completed.body.error.fields)).toEqual([field]);
    } finally {
      s3Client().middlewareStack.remove('refuseCompletionForTest');
    }
    // Still pending: the client may cancel it (or, after InvalidPart, send the parts again).
    expect((await assetRows()).find((row) => row.id === asset.id)).toMatchObject({ status: 'pending' });
  });

  it('cleanup removes an abandoned multipart upload (aborting it where the store can)', async () => {
    const { asset } = await create(bigPdf(6 * MiB));
    await db().execute(sql`update service_assets set created_at = now() - interval '2 days' where id = ${asset.id}`);
    const uploadId = (await assetRows())[0]?.multipart?.uploadId;
    let removed = 0;
    const sent = await commandsDuring(async () => {
      removed = await runAssetCleanup();
    });
    expect(removed).toBe(1);
    expect(sent).toContain(`AbortMultipartUploadCommand ${uploadId}`);
    expect(await assetRows()).toEqual([]);
  });
});
