/**
 * The upload flow over HTTP (createApiHandler, real Requests) and tRPC, on
 * real PostgreSQL and a real s3rver: presign -> PUT -> confirm -> attach ->
 * read; and storage outages. Rejections: UploadsController.rejections.test.ts.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { captureLog } from '../testing/captureLog';
import { configureStorage, resetStorageConfig } from './configureStorage';
import { resetStorageProbe } from './storageProbe';
import { call, handler, LOGO_MAX } from './testing/attachmentFixtures';
import {
  ALICE,
  assetRows,
  BOB,
  PDF,
  PNG,
  presignBody,
  setUpUploadEnvironment,
  upload,
  uploadAndConfirm,
} from './testing/uploadFlow';

const env = setUpUploadEnvironment();

describe('the full flow', () => {
  it('presign -> PUT -> confirm -> attach -> read the public URL -> the same bytes', async () => {
    const presigned = await call('POST', '/teams/1/uploads/presign', { user: ALICE, body: presignBody() });
    expect(presigned.status).toBe(200);
    const { asset, uploadUrl, method, headers, expiresAt, publicUrl } = presigned.body;
    expect(asset).toEqual({
      id: 1,
      filename: 'logo.png',
      contentType: 'image/png',
      byteSize: PNG.byteLength,
      checksum: null,
      checksumSha256: null,
      status: 'pending',
      access: 'public',
      createdAt: expect.any(String),
      url: null,
      width: null,
      height: null,
      placeholder: null,
      variants: {},
      variantsStatus: 'pending',
      variantsError: null,
    });
    expect(method).toBe('PUT');
    expect(headers).toEqual({ 'Content-Type': 'image/png' });
    expect(Date.parse(expiresAt)).toBeGreaterThan(Date.now());
    const signed = new URL(uploadUrl).searchParams.get('X-Amz-SignedHeaders')?.split(';');
    expect(signed).toEqual(expect.arrayContaining(['content-type', 'content-length', 'host']));
    const [row] = await assetRows();
    expect(row).toMatchObject({
      status: 'pending',
      metadata: { scope: { teamId: 1 }, slot: 'Billboard.logo', userId: 7 },
    });
    expect(publicUrl).toBe(`${env.storage().s3.endpoint}/${env.storage().s3.bucket}/${row?.key}`);

    expect((await fetch(uploadUrl, { method, headers, body: PNG })).status).toBe(200);

    const confirmed = await call('POST', '/teams/1/uploads/confirm', { user: ALICE, body: { assetId: asset.id } });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({
      id: asset.id,
      status: 'ready',
      byteSize: PNG.byteLength,
      checksum: createHash('md5').update(PNG).digest('hex'),
      url: publicUrl,
    });

    const attached = await call('POST', '/teams/1/billboards/1/attach-file', {
      user: ALICE,
      body: { slot: 'logo', assetId: asset.id },
    });
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({
      id: 1,
      logo: { id: asset.id, status: 'ready', url: publicUrl },
      documents: [],
    });
    expect(attached.body.logo).not.toHaveProperty('key');
    expect(attached.body.logo).not.toHaveProperty('metadata');

    const billboard = await call('GET', '/teams/1/billboards/1', { user: ALICE });
    expect(billboard.body.logo.url).toBe(publicUrl);
    const download = await fetch(billboard.body.logo.url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('private documents: presigned GET URLs that download under the filename, in position order', async () => {
    const first = await uploadAndConfirm({
      slot: 'Billboard.documents',
      contentType: 'application/pdf',
      body: PDF,
      filename: 'Q1 report.pdf',
    });
    const second = await uploadAndConfirm({
      slot: 'Billboard.documents',
      contentType: 'text/plain',
      body: Buffer.from('notes'),
      filename: 'notes.txt',
    });
    for (const assetId of [second, first]) {
      const response = await call('POST', '/teams/1/billboards/1/attach-file', {
        user: ALICE,
        body: { slot: 'documents', assetId },
      });
      expect(response.status).toBe(200);
    }
    const { body } = await call('GET', '/teams/1/billboards/1', { user: ALICE });
    expect(body.logo).toBeNull();
    expect(body.documents.map((document: { id: number }) => document.id)).toEqual([second, first]);
    const url = new URL(body.documents[1].url);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    const download = await fetch(url);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    expect(download.headers.get('content-disposition')).toBe(
      `attachment; filename="Q1 report.pdf"; filename*=UTF-8''Q1%20report.pdf`,
    );
  });

  it('a repeated confirm returns the ready asset unchanged', async () => {
    const assetId = await uploadAndConfirm();
    const [before] = await assetRows();
    const again = await call('POST', '/teams/1/uploads/confirm', { user: ALICE, body: { assetId } });
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: assetId, status: 'ready', checksum: before?.checksum });
    expect(await assetRows()).toEqual([before]);
  });
});

describe('over tRPC', () => {
  async function mutate(path: string, input: unknown, user = ALICE) {
    const response = await handler(
      new Request(`http://localhost/api/trpc/${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-user': user },
        body: JSON.stringify(input),
      }),
    );
    return { status: response.status, ...(await response.json()) };
  }

  it('teams.uploads.presign / confirm: same contract, same errors', async () => {
    const presigned = await mutate('teams.uploads.presign', { teamId: 1, ...presignBody() });
    expect(presigned.status).toBe(200);
    const { asset, uploadUrl, headers } = presigned.result.data;
    expect(asset).toMatchObject({ status: 'pending', access: 'public' });
    await fetch(uploadUrl, { method: 'PUT', headers, body: new Uint8Array(PNG) });
    const confirmed = await mutate('teams.uploads.confirm', { teamId: 1, assetId: asset.id });
    expect(confirmed.result.data).toMatchObject({ id: asset.id, status: 'ready' });

    const refused = await mutate('teams.uploads.presign', { teamId: 1, ...presignBody({ byteSize: LOGO_MAX + 1 }) });
    expect(refused.status).toBe(422);
    expect(refused.error.data).toMatchObject({ code: 'UNPROCESSABLE_ENTITY', fields: { byteSize: expect.any(Array) } });
    const foreign = await mutate('teams.uploads.confirm', { teamId: 2, assetId: asset.id }, BOB);
    expect(foreign.status).toBe(404);
    expect(await assetRows()).toHaveLength(1);
  });
});

describe('with storage not configured (no S3_* variables)', () => {
  it('presign and confirm answer 503; a warning (not an error: nothing failed) names what the operator must set', async () => {
    const log = captureLog('warn');
    const { lines } = log;
    const { asset } = await upload();
    const before = await assetRows();
    resetStorageConfig();
    try {
      const presign = await call('POST', '/teams/1/uploads/presign', { user: ALICE, body: presignBody() });
      const confirm = await call('POST', '/teams/1/uploads/confirm', { user: ALICE, body: { assetId: asset.id } });
      for (const answer of [presign, confirm]) {
        expect(answer.status).toBe(503);
        expect(answer.body.error).toEqual({
          code: 'SERVICE_UNAVAILABLE',
          message: 'Uploads are not available',
          requestId: expect.any(String),
        });
      }
      expect(lines).toHaveLength(2);
      for (const line of lines) {
        expect(line).toMatchObject({ level: 40, msg: 'Uploads are not available', code: 'SERVICE_UNAVAILABLE' });
        expect(line.reason).toMatch(/^Storage is not configured: call configureStorage/);
        expect(line).not.toHaveProperty('err');
      }
      expect(await assetRows()).toEqual(before);
    } finally {
      configureStorage(env.storage().options);
      log.stop();
    }
  });

  it('records with files still read, their URLs null: nothing can serve them, and the rest of the answer stands', async () => {
    const logo = await uploadAndConfirm();
    const document = await uploadAndConfirm({ slot: 'Billboard.documents', contentType: 'application/pdf', body: PDF });
    for (const [slot, assetId] of [
      ['logo', logo],
      ['documents', document],
    ] as const) {
      const attached = await call('POST', '/teams/1/billboards/1/attach-file', {
        user: ALICE,
        body: { slot, assetId },
      });
      expect(attached.status).toBe(200);
    }
    resetStorageConfig();
    try {
      const billboard = await call('GET', '/teams/1/billboards/1', { user: ALICE });
      expect(billboard.status, JSON.stringify(billboard.body)).toBe(200);
      expect(billboard.body.logo).toMatchObject({ id: logo, status: 'ready', url: null });
      expect(billboard.body.documents).toEqual([
        expect.objectContaining({ id: document, status: 'ready', url: null, filename: expect.any(String) }),
      ]);
    } finally {
      configureStorage(env.storage().options);
    }
    // Configured again, the same record signs its URLs as before.
    const signed = await call('GET', '/teams/1/billboards/1', { user: ALICE });
    expect(signed.body.logo.url).toMatch(/^http/);
    expect(signed.body.documents[0].url).toMatch(/X-Amz-Signature=/);
  });
});

// Last: it stops the S3 server for the rest of the file.
describe('with the S3 server stopped', () => {
  it('presign and confirm answer 503 and the database is unchanged', async () => {
    const { asset } = await upload();
    const before = await assetRows();
    await env.storage().stop();

    const confirm = await call('POST', '/teams/1/uploads/confirm', { user: ALICE, body: { assetId: asset.id } });
    expect(confirm.status).toBe(503);
    expect(confirm.body).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Storage unavailable', requestId: expect.any(String) },
    });
    // The failed HEAD made the probe forget its cached success: presign asks again and fails too.
    for (let i = 0; i < 2; i++) {
      const presign = await call('POST', '/teams/1/uploads/presign', { user: ALICE, body: presignBody() });
      expect(presign.status).toBe(503);
      expect(presign.body.error.code).toBe('SERVICE_UNAVAILABLE');
    }
    resetStorageProbe();
    expect((await call('POST', '/teams/1/uploads/presign', { user: ALICE, body: presignBody() })).status).toBe(503);
    expect(await assetRows()).toEqual(before);
  });
});
