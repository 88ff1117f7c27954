/**
 * Every wrong step of the upload flow answers a 4xx JSON error and leaves
 * the database and the bucket as they were (real PostgreSQL and s3rver).
 */
import { describe, expect, it } from 'vitest';
import { buildRouter, createApiHandler, UploadsController } from '@/server';
import { headObject } from './objectStore';
import { call, DOCUMENTS_MAX, LOGO_MAX } from './testing/attachmentFixtures';
import {
  ALICE,
  type AssetRow,
  assetRows,
  attachmentRows,
  BOB,
  GLOBAL_MAX,
  MALLORY,
  PDF,
  PNG,
  presignBody,
  setUpUploadEnvironment,
  upload,
  uploadAndConfirm,
} from './testing/uploadFlow';

setUpUploadEnvironment();

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
    ['a newline before parameters', { contentType: 'image/png\n;x' }, 400, 'contentType'],
    ['a no-break space', { contentType: 'image/png\u00a0' }, 400, 'contentType'],
    ['a no-break space before parameters', { contentType: 'image/png\u00a0; q=1' }, 400, 'contentType'],
    ['a parameter without a value', { contentType: 'image/png; x' }, 400, 'contentType'],
    ['a bidi override in the type', { contentType: 'image/png\u202e' }, 400, 'contentType'],
    ['a wildcard type', { contentType: 'image/*' }, 400, 'contentType'],
    ['a blank filename', { filename: '  ' }, 400, 'filename'],
    ['a missing slot', { slot: undefined }, 400, 'slot'],
  ])('%s', async (_label, overrides, status, field) => {
    const response = await call('POST', '/teams/1/uploads/presign', { user: ALICE, body: presignBody(overrides) });
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(status === 400 ? 'BAD_REQUEST' : 'UNPROCESSABLE_ENTITY');
    expect(response.body.error.fields).toHaveProperty(field);
    expect(await assetRows()).toEqual([]);
  });

  it('an unknown slot: the error names the slots this controller signs', async () => {
    const response = await call('POST', '/teams/1/uploads/presign', {
      user: ALICE,
      body: presignBody({ slot: 'Billboard.banner' }),
    });
    const [message] = response.body.error.fields.slot as string[];
    expect(message).toMatch(/^is not an attachment slot here; expected one of .*Billboard\.logo/);
    expect(message).toContain('Billboard.documents');
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

  it.each([
    ['a right-to-left override', 'invoice\u202efdp.exe', 'invoicefdp.exe'],
    ['embeddings and a pop', '\u202aa\u202bb\u202cc\u202dd.pdf', 'abcd.pdf'],
    ['isolates', '\u2066x\u2067y\u2068z\u2069.pdf', 'xyz.pdf'],
    ['direction marks', 'r\u200ee\u200fport.pdf', 'report.pdf'],
    ['only controls', '\u202e\u200f\u0007', 'file'],
    ['only zero-width characters', '\u200b\u200d\ufeff', 'file'],
    ['a path hidden behind an override', 'x/\u202e../../evil.pdf', 'evil.pdf'],
  ])('strips %s from the filename', async (_label, filename, stored) => {
    const response = await call('POST', '/teams/1/uploads/presign', {
      user: ALICE,
      body: presignBody({ slot: 'Billboard.documents', contentType: 'application/pdf', filename }),
    });
    expect(response.status).toBe(200);
    expect(response.body.asset.filename).toBe(stored);
    expect(await assetRows()).toMatchObject([{ key: expect.stringMatching(/^private\/\d{4}\/\d{2}\/[0-9a-f]{32}/) }]);
  });

  it('accepts a media type with parameters, stored as given', async () => {
    const response = await call('POST', '/teams/1/uploads/presign', {
      user: ALICE,
      body: presignBody({ slot: 'Billboard.documents', contentType: 'text/plain; charset="utf-8"', filename: 'a.txt' }),
    });
    expect(response.status).toBe(200);
    expect(response.body.asset.contentType).toBe('text/plain; charset="utf-8"');
  });

  it('keeps only the file name of a path-like filename', async () => {
    const response = await call('POST', '/teams/1/uploads/presign', {
      user: ALICE,
      body: presignBody({ filename: '..\\..\\C:\\evil/\u0007logo.png' }),
    });
    expect(response.body.asset.filename).toBe('logo.png');
    expect((await assetRows())[0]?.key).toMatch(/^public\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
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
    const { key, staging_key: staged } = (await assetRows())[0] as AssetRow;
    expect(await headObject(staged as string)).not.toBeNull();

    const response = await call('POST', '/teams/1/uploads/confirm', {
      user: ALICE,
      body: { assetId: presigned.body.asset.id },
    });
    expect(response.status).toBe(422);
    expect(response.body.error.fields).toHaveProperty(field);
    expect(await assetRows()).toEqual([]);
    expect(await headObject(staged as string)).toBeNull();
    expect(await headObject(key)).toBeNull();
  });

  // A zero-byte file has nothing to read: s3rver (npm run dev's store) answers a range on it with a 206 that
  // promises a byte it never sends, which confirm took for an outage (503) on every retry.
  it.each([
    ['an image slot refuses it (nothing shows it is a PNG)', presignBody({ byteSize: 0 }), 422],
    [
      'a slot that names text/plain takes it',
      presignBody({ byteSize: 0, slot: 'Billboard.documents', contentType: 'text/plain', filename: 'empty.txt' }),
      200,
    ],
  ])('a zero-byte file: %s', async (_label, body, status) => {
    const presigned = await call('POST', '/teams/1/uploads/presign', { user: ALICE, body });
    expect(presigned.status).toBe(200);
    const put = await fetch(presigned.body.uploadUrl, {
      method: 'PUT',
      headers: presigned.body.headers,
      body: new Uint8Array(0),
    });
    expect(put.status).toBe(200);
    const response = await call('POST', '/teams/1/uploads/confirm', {
      user: ALICE,
      body: { assetId: presigned.body.asset.id },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    if (status === 422) {
      expect(response.body.error.fields).toHaveProperty('contentType');
      expect(await assetRows()).toEqual([]);
    } else {
      expect(response.body).toMatchObject({ status: 'ready', byteSize: 0 });
    }
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

describe('an uploads controller that records no owner', () => {
  // Neither @scope nor uploadMetadata(): confirm and the multipart steps would find every user's asset.
  class UploadController extends UploadsController<{ userId: number }> {}
  const handler = createApiHandler({ routers: buildRouter(UploadController), createContext: () => ({ userId: 1 }) });
  const post = async (path: string, body: unknown) => {
    const response = await handler(
      new Request(`http://localhost/api${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      }),
    );
    return { status: response.status, text: await response.text() };
  };

  it('refuses to presign or confirm: a 500 that names nothing, and nothing written', async () => {
    const theirs = await upload({ user: BOB, team: 2 });
    const before = await assetRows();
    for (const [path, body] of [
      ['/uploads/presign', presignBody()],
      ['/uploads/confirm', { assetId: theirs.asset.id }],
    ] as const) {
      const answer = await post(path, body);
      expect(answer.status, path).toBe(500);
      expect(answer.text, path).not.toMatch(/uploadMetadata|UploadController/);
    }
    expect(await assetRows()).toEqual(before);
  });
});
