/**
 * complete-multipart checks the recorded parts against the parts the store
 * holds (ListParts) before it completes, on real PostgreSQL and s3rver. An
 * ETag the client reports for a part it never sent used to reach s3rver's
 * completion, which crashed on the missing file and took every later upload
 * with it (real S3 answers InvalidPart). Now it is the client's 400 naming
 * `parts`, nothing is sent to complete, the wrong parts' ETags are forgotten
 * (sign-parts lists them as still to send, so a resuming client sends them
 * again), and the upload can still finish.
 */
import { UploadPartCommand } from '@aws-sdk/client-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { MiB } from '../shared/byteSizes';
import { configureStorage } from './configureStorage';
import { headObject } from './objectStore';
import { s3Client } from './s3Client';
import { bigPdf, commandsDuring, createMultipartUpload, post, sendParts } from './testing/multipartFlow';
import { assetRows, setUpUploadEnvironment, uploadAndConfirm } from './testing/uploadFlow';

const env = setUpUploadEnvironment();
beforeAll(() => {
  // The shared environment caps uploads at 64 KiB; multipart is for large files.
  configureStorage({ ...env.storage().options, defaultMaxSize: 64 * MiB });
});

/** The MD5 of no bytes: a well-formed ETag for a part that was never uploaded. */
const MADE_UP_ETAG = '"d41d8cd98f00b204e9800998ecf8427e"';

/** complete-multipart, and the S3 commands it sent. */
async function complete(assetId: number) {
  let response = { status: 0, body: null as unknown as { error: { fields: Record<string, string[]> } } };
  const sent = await commandsDuring(async () => {
    response = await post('complete-multipart', { assetId });
  });
  return { ...response, sent: sent.map((command) => command.split(' ')[0]) };
}

describe('complete-multipart checks the parts the store holds', () => {
  it('a made-up ETag for a part never uploaded is a 400 naming parts; only that part is to send again, then it completes', async () => {
    const file = bigPdf(6 * MiB);
    const { asset, partSize, partCount } = await createMultipartUpload(file);
    expect(partCount).toBe(2);
    await sendParts(asset.id, file, partSize, [1]);
    const recorded = await post('record-part', { assetId: asset.id, partNumber: 2, etag: MADE_UP_ETAG });
    expect(recorded.status).toBe(200);
    const [before] = await assetRows();

    const refused = await complete(asset.id);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(Object.keys(refused.body.error.fields)).toEqual(['parts']);
    expect(refused.body.error.fields.parts?.[0]).toMatch(/^1 of 2 do not match what the store received: 2 \(not in/);
    // Listed, never completed: the store was not handed the part list.
    expect(refused.sent).toEqual(['ListPartsCommand']);
    // Still pending, nothing assembled; part 2's made-up ETag is forgotten, part 1's (which the store holds) kept.
    const [after] = await assetRows();
    expect(after).toMatchObject({ status: 'pending', key: before?.key });
    expect(after?.multipart?.etags).toEqual({ '1': before?.multipart?.etags['1'] });
    expect(await headObject(before?.staging_key as string)).toBeNull();
    // So a client that resumes sees part 2 as not uploaded, and sends it again.
    const resumed = await post('sign-parts', { assetId: asset.id, partNumbers: [2] });
    const { uploaded } = resumed.body as { uploaded: { partNumber: number }[] };
    expect(uploaded.map((part) => part.partNumber)).toEqual([1]);

    // s3rver is still up: a single PUT goes through, and so does the missing part.
    await uploadAndConfirm();
    await sendParts(asset.id, file, partSize, [2]);
    const completed = await complete(asset.id);
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.sent.slice(0, 2)).toEqual(['ListPartsCommand', 'CompleteMultipartUploadCommand']);
    expect(completed.body).toMatchObject({ id: asset.id, status: 'ready', byteSize: file.byteLength });
    const download = Buffer.from(await (await fetch((completed.body as unknown as { url: string }).url)).arrayBuffer());
    expect(download.equals(file)).toBe(true);
  });

  it('an ETag that is not the one the store answered for an uploaded part is a 400 naming parts', async () => {
    const file = bigPdf(6 * MiB);
    const { asset, partSize } = await createMultipartUpload(file);
    await sendParts(asset.id, file, partSize, [1, 2]);
    await post('record-part', { assetId: asset.id, partNumber: 1, etag: MADE_UP_ETAG });
    const refused = await complete(asset.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.parts?.[0]).toMatch(/: 1 \(the store has another ETag\)/);
    expect(refused.sent).toEqual(['ListPartsCommand']);
    expect((await assetRows())[0]).toMatchObject({ status: 'pending' });
  });

  it('a part of the wrong size (sent around the signed URL) is a 400 naming parts', async () => {
    const file = bigPdf(6 * MiB);
    const { asset, partSize } = await createMultipartUpload(file);
    await sendParts(asset.id, file, partSize, [1]);
    const [row] = await assetRows();
    // The presigned URL signs the length; a client with the store's keys is not bound by it.
    const short = await s3Client().send(
      new UploadPartCommand({
        Bucket: env.storage().s3.bucket,
        Key: row?.staging_key as string,
        UploadId: row?.multipart?.uploadId,
        PartNumber: 2,
        Body: file.subarray(partSize, partSize + 10),
      }),
    );
    await post('record-part', { assetId: asset.id, partNumber: 2, etag: short.ETag });
    const refused = await complete(asset.id);
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.parts?.[0]).toMatch(`: 2 (10 bytes, expected ${file.byteLength - partSize})`);
    expect(refused.sent).toEqual(['ListPartsCommand']);
  });

  it('reads every page of ListParts', async () => {
    const file = bigPdf(11 * MiB);
    const { asset, partSize, partCount } = await createMultipartUpload(file);
    expect(partCount).toBe(3);
    await sendParts(asset.id, file, partSize, [1, 2, 3]);
    // One part per page: S3 pages at 1,000, which a test would need 1,000 parts to reach.
    s3Client().middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'ListPartsCommand') Object.assign(args.input as object, { MaxParts: 1 });
        return next(args);
      },
      { step: 'initialize', name: 'onePartPerPageForTest' },
    );
    try {
      const completed = await complete(asset.id);
      expect(completed.status, JSON.stringify(completed.body)).toBe(200);
      expect(completed.sent.filter((name) => name === 'ListPartsCommand')).toHaveLength(3);
    } finally {
      s3Client().middlewareStack.remove('onePartPerPageForTest');
    }
  });
});
