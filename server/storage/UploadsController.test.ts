/**
 * The upload flow over HTTP (createApiHandler, real Requests), on real
 * PostgreSQL and a real s3rver: presign -> PUT -> confirm -> attach -> read.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/client';
import { db, KB } from '@/server';
import { headObject } from './objectStore';
import { resetStorageProbe } from './storageProbe';
import { call, createBillboardsTable, DOCUMENTS_MAX, handler, LOGO_MAX } from './testing/attachmentFixtures';
import { startTestStorage, type TestStorage } from './testStorage';

const GLOBAL_MAX = 64 * KB;
const ALICE = '7:1'; // member of team 1
const BOB = '8:2'; // member of team 2
const MALLORY = '9:1'; // another member of team 1

let storage: TestStorage;
beforeAll(async () => {
  await createBillboardsTable();
  await db().execute(sql`insert into billboards (team_id, name) values (1, 'Spring'), (2, 'Globex')`);
  storage = await startTestStorage({ defaultMaxSize: GLOBAL_MAX, privateUrlExpiry: 600 });
});
afterAll(async () => {
  await storage.stop();
  await closeDb();
});
beforeEach(async () => {
  await db().execute(sql`truncate service_attachments, service_assets restart identity`);
  resetStorageProbe();
});

interface AssetRow {
  id: number;
  key: string;
  status: string;
  byte_size: number | null;
  checksum: string | null;
  metadata: Record<string, unknown>;
  updated_at: Date;
}
const assetRows = async () =>
  (await db().execute(sql`select * from service_assets order by id`)) as unknown as AssetRow[];
const attachmentRows = async () =>
  await db().execute(sql`select asset_id, attachable_type, attachable_id, name, position from service_attachments
    order by attachable_id, name, position`);

const PNG = Buffer.from('\x89PNG\r\n\x1a\n fake image bytes for the test', 'binary');
const PDF = Buffer.from('%PDF-1.7 fake document bytes');

function presignBody(overrides: Record<string, unknown> = {}) {
  return {
    filename: 'logo.png',
    contentType: 'image/png',
    byteSize: PNG.byteLength,
    slot: 'Billboard.logo',
    ...overrides,
  };
}

/** presign + PUT (+ confirm): the client's side of the flow. */
async function upload(
  options: { body?: Buffer; slot?: string; contentType?: string; filename?: string; user?: string; team?: number } = {},
) {
  const body = options.body ?? PNG;
  const team = options.team ?? 1;
  const presigned = await call('POST', `/teams/${team}/uploads/presign`, {
    user: options.user ?? ALICE,
    body: presignBody({
      byteSize: body.byteLength,
      ...(options.slot ? { slot: options.slot } : {}),
      ...(options.contentType ? { contentType: options.contentType } : {}),
      ...(options.filename ? { filename: options.filename } : {}),
    }),
  });
  expect(presigned.status).toBe(200);
  const put = await fetch(presigned.body.uploadUrl, {
    method: 'PUT',
    headers: presigned.body.headers,
    body: new Uint8Array(body),
  });
  expect(put.status).toBe(200);
  return presigned.body as { asset: { id: number }; uploadUrl: string; headers: Record<string, string> };
}

async function uploadAndConfirm(options: Parameters<typeof upload>[0] = {}): Promise<number> {
  const { asset } = await upload(options);
  const confirmed = await call('POST', `/teams/${options.team ?? 1}/uploads/confirm`, {
    user: options.user ?? ALICE,
    body: { assetId: asset.id },
  });
  expect(confirmed.status).toBe(200);
  return asset.id;
}

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
      status: 'pending',
      access: 'public',
      createdAt: expect.any(String),
      url: null,
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
    expect(publicUrl).toBe(`${storage.s3.endpoint}/${storage.s3.bucket}/${row?.key}`);

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

describe('presign rejections (nothing written)', () => {
  it.each([
    ['an unknown slot', { slot: 'Billboard.banner' }, 400, 'slot'],
    ['an unknown model', { slot: 'Nope.logo' }, 400, 'slot'],
    ['a bare slot name', { slot: 'logo' }, 400, 'slot'],
    ['a type the slot does not accept', { contentType: 'application/pdf' }, 422, 'contentType'],
    ['SVG under image/*', { contentType: 'image/svg+xml', filename: 'x.svg' }, 422, 'contentType'],
    ["a size over the slot's maxSize", { byteSize: LOGO_MAX + 1 }, 422, 'byteSize'],
    [
      'a size over the global defaultMaxSize',
      { slot: 'Billboard.documents', contentType: 'application/pdf', byteSize: GLOBAL_MAX + 1 },
      422,
      'byteSize',
    ],
    ['a negative size', { byteSize: -1 }, 400, 'byteSize'],
    ['a size as a string', { byteSize: '10' }, 400, 'byteSize'],
    ['a fractional size', { byteSize: 1.5 }, 400, 'byteSize'],
    ['a header-injecting type', { contentType: 'image/png\r\nx-amz-acl: public-read' }, 400, 'contentType'],
    ['a type without subtype', { contentType: 'image' }, 400, 'contentType'],
    ['a blank filename', { filename: '  ' }, 400, 'filename'],
    ['a missing slot', { slot: undefined }, 400, 'slot'],
  ])('%s', async (_label, overrides, status, field) => {
    const response = await call('POST', '/teams/1/uploads/presign', { user: ALICE, body: presignBody(overrides) });
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(status === 400 ? 'BAD_REQUEST' : 'UNPROCESSABLE_ENTITY');
    expect(response.body.error.fields).toHaveProperty(field);
    expect(await assetRows()).toEqual([]);
  });

  it('the slot limit is inclusive, and the scope guard runs first', async () => {
    expect(
      (await call('POST', '/teams/1/uploads/presign', { user: ALICE, body: presignBody({ byteSize: LOGO_MAX }) }))
        .status,
    ).toBe(200);
    expect((await call('POST', '/teams/1/uploads/presign', { body: presignBody() })).status).toBe(401);
    expect((await call('POST', '/teams/1/uploads/presign', { user: BOB, body: presignBody() })).status).toBe(404);
    expect((await call('POST', '/teams/1/uploads/presign', { user: ALICE, body: [] })).status).toBe(400);
    expect(await assetRows()).toHaveLength(1);
  });

  it('keeps only the file name of a path-like filename', async () => {
    const response = await call('POST', '/teams/1/uploads/presign', {
      user: ALICE,
      body: presignBody({ filename: '..\\..\\C:\\evil/\u0007logo.png' }),
    });
    expect(response.body.asset.filename).toBe('logo.png');
    expect((await assetRows())[0]?.key).toMatch(/^uploads\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
  });
});

describe('confirm rejections', () => {
  it('before the upload: 400, and the asset stays pending', async () => {
    const presigned = await call('POST', '/teams/1/uploads/presign', { user: ALICE, body: presignBody() });
    const response = await call('POST', '/teams/1/uploads/confirm', {
      user: ALICE,
      body: { assetId: presigned.body.asset.id },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.fields).toHaveProperty('assetId');
    expect(await assetRows()).toMatchObject([{ status: 'pending', checksum: null }]);
  });

  it.each([
    ['a different size', Buffer.concat([PNG, Buffer.from('extra')]), 'image/png', 'byteSize'],
    ['a different type', PNG, 'text/html', 'contentType'],
  ])('after an upload of %s: 422, object and row removed', async (_label, body, contentType, field) => {
    const presigned = await call('POST', '/teams/1/uploads/presign', { user: ALICE, body: presignBody() });
    // s3rver checks no signature, so a client can send what it likes; confirm must catch it.
    const put = await fetch(presigned.body.uploadUrl, {
      method: 'PUT',
      headers: { 'Content-Type': contentType },
      body: new Uint8Array(body),
    });
    expect(put.status).toBe(200);
    const { key } = (await assetRows())[0] as AssetRow;
    expect(await headObject(key)).not.toBeNull();

    const response = await call('POST', '/teams/1/uploads/confirm', {
      user: ALICE,
      body: { assetId: presigned.body.asset.id },
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toHaveProperty(field);
    expect(await assetRows()).toEqual([]);
    expect(await headObject(key)).toBeNull();
  });

  it("another scope's or another user's asset is 404, and stays as it was", async () => {
    const { asset } = await upload();
    const before = await assetRows();
    for (const [user, team] of [
      [BOB, 2],
      [MALLORY, 1],
      ['8:1,2', 2],
    ] as const) {
      const response = await call('POST', `/teams/${team}/uploads/confirm`, { user, body: { assetId: asset.id } });
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ error: { code: 'NOT_FOUND', message: 'Asset not found' } });
    }
    expect(await assetRows()).toEqual(before);
  });

  it.each([[{}], [{ assetId: '1' }], [{ assetId: 0 }], [{ assetId: 2 ** 31 }], [{ assetId: 1.5 }]])(
    'bad input %j -> 400',
    async (body) => {
      expect((await call('POST', '/teams/1/uploads/confirm', { user: ALICE, body })).status).toBe(400);
    },
  );

  it('an unknown asset id -> 404', async () => {
    expect((await call('POST', '/teams/1/uploads/confirm', { user: ALICE, body: { assetId: 999 } })).status).toBe(404);
  });
});

describe('attach rejections (nothing changed)', () => {
  it("an asset of another scope is 404, as if absent; another team's record is 404", async () => {
    const assetId = await uploadAndConfirm();
    const foreign = await call('POST', '/teams/2/billboards/2/attach-file', {
      user: '8:1,2',
      body: { slot: 'logo', assetId },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe('Asset not found');
    const crossRecord = await call('POST', '/teams/2/billboards/1/attach-file', {
      user: '8:1,2',
      body: { slot: 'logo', assetId },
    });
    expect(crossRecord.status).toBe(404);
    expect(crossRecord.body.error.message).toBe('Billboard not found');
    expect(await attachmentRows()).toEqual([]);
  });

  it('a pending asset is 422 (documented choice: the request is well-formed, the asset not ready)', async () => {
    const { asset } = await upload();
    const response = await call('POST', '/teams/1/billboards/1/attach-file', {
      user: ALICE,
      body: { slot: 'logo', assetId: asset.id },
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields.assetId[0]).toMatch(/not been uploaded/);
    expect(await attachmentRows()).toEqual([]);
  });

  it('an asset uploaded for another slot, or an unknown slot name', async () => {
    const logo = await uploadAndConfirm();
    const wrongSlot = await call('POST', '/teams/1/billboards/1/attach-file', {
      user: ALICE,
      body: { slot: 'documents', assetId: logo },
    });
    expect(wrongSlot.status).toBe(422);
    const unknown = await call('POST', '/teams/1/billboards/1/attach-file', {
      user: ALICE,
      body: { slot: 'banner', assetId: logo },
    });
    expect(unknown.status).toBe(400);
    expect(await attachmentRows()).toEqual([]);
  });

  it(`has-many over max (${DOCUMENTS_MAX}): 422, the slot unchanged`, async () => {
    const ids: number[] = [];
    for (let i = 0; i <= DOCUMENTS_MAX; i++) {
      ids.push(await uploadAndConfirm({ slot: 'Billboard.documents', contentType: 'application/pdf', body: PDF }));
    }
    for (const assetId of ids.slice(0, DOCUMENTS_MAX)) {
      const response = await call('POST', '/teams/1/billboards/1/attach-file', {
        user: ALICE,
        body: { slot: 'documents', assetId },
      });
      expect(response.status).toBe(200);
    }
    const before = await attachmentRows();
    const over = await call('POST', '/teams/1/billboards/1/attach-file', {
      user: ALICE,
      body: { slot: 'documents', assetId: ids[DOCUMENTS_MAX] },
    });
    expect(over.status).toBe(422);
    expect(over.body.error.fields).toEqual({ documents: [`can hold at most ${DOCUMENTS_MAX} files`] });
    expect(await attachmentRows()).toEqual(before);
    expect(before.map((row) => row.position)).toEqual([0, 1, 2]);
  });
});

// Last: it stops the S3 server for the rest of the file.
describe('with the S3 server stopped', () => {
  it('presign and confirm answer 503 and the database is unchanged', async () => {
    const { asset } = await upload();
    const before = await assetRows();
    await storage.stop();

    const confirm = await call('POST', '/teams/1/uploads/confirm', { user: ALICE, body: { assetId: asset.id } });
    expect(confirm.status).toBe(503);
    expect(confirm.body).toEqual({ error: { code: 'SERVICE_UNAVAILABLE', message: 'Storage unavailable' } });
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
