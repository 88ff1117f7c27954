import { createHash } from 'node:crypto';
/**
 * Uploads land in staging and are served from a key only confirm writes
 * (real PostgreSQL, real s3rver): the swap attack, content sniffing, and
 * concurrent confirms.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { db } from '../model';
import type { S3ObjectEvent } from '../testing/s3Server';
import { headObject, putObject } from './objectStore';
import { s3Client } from './s3Client';
import { call } from './testing/attachmentFixtures';
import { ALICE, type AssetRow, assetRows, PDF, PNG, presignBody, setUpUploadEnvironment } from './testing/uploadFlow';

const env = setUpUploadEnvironment();

const confirm = (assetId: number) => call('POST', '/teams/1/uploads/confirm', { user: ALICE, body: { assetId } });

/** presign for `slot` as `contentType`, then PUT `body` with the headers presign gave. */
async function stage(body: Buffer, contentType: string, slot = 'Billboard.logo', filename = 'file') {
  const presigned = await call('POST', '/teams/1/uploads/presign', {
    user: ALICE,
    body: presignBody({ body: undefined, byteSize: body.byteLength, contentType, slot, filename }),
  });
  expect(presigned.status).toBe(200);
  const { uploadUrl, headers, asset } = presigned.body;
  expect((await fetch(uploadUrl, { method: 'PUT', headers, body: new Uint8Array(body) })).status).toBe(200);
  return { assetId: asset.id as number, uploadUrl: uploadUrl as string, row: (await assetRows()).at(-1) as AssetRow };
}

describe('staging keys', () => {
  it('presign signs a PUT to an unguessable staging key; the final key is fixed and not written until confirm', async () => {
    const presigned = await call('POST', '/teams/1/uploads/presign', { user: ALICE, body: presignBody() });
    const [row] = await assetRows();
    expect(row?.staging_key).toMatch(/^staging\/[0-9a-f]{32}$/);
    expect(new URL(presigned.body.uploadUrl).pathname).toBe(`/${env.storage().s3.bucket}/${row?.staging_key}`);
    expect(presigned.body.publicUrl).toBe(`${env.storage().s3.endpoint}/${env.storage().s3.bucket}/${row?.key}`);
    expect(presigned.body.asset).not.toHaveProperty('stagingKey');

    await fetch(presigned.body.uploadUrl, {
      method: 'PUT',
      headers: presigned.body.headers,
      body: new Uint8Array(PNG),
    });
    expect(await headObject(row?.key as string)).toBeNull();
    expect((await confirm(presigned.body.asset.id)).status).toBe(200);
    expect(await headObject(row?.key as string)).toMatchObject({ byteSize: PNG.byteLength, contentType: 'image/png' });
    expect(await headObject(row?.staging_key as string)).toBeNull();
    expect(await assetRows()).toMatchObject([{ status: 'ready', staging_key: null }]);
  });

  it('the swap attack: PUTting again to the upload URL after confirm does not change what the asset serves', async () => {
    const { assetId, uploadUrl } = await stage(PNG, 'image/png');
    const confirmed = await confirm(assetId);
    expect(confirmed.status).toBe(200);
    const evil = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const swap = await fetch(uploadUrl, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: new Uint8Array(evil),
    });
    expect(swap.status).toBe(200); // s3rver checks no signature; a real store would too while the URL lives
    const served = Buffer.from(await (await fetch(confirmed.body.url)).arrayBuffer());
    expect(served.equals(PNG)).toBe(true);
    // Confirming again does not look at staging any more.
    expect((await confirm(assetId)).body).toEqual(confirmed.body);
    expect(Buffer.from(await (await fetch(confirmed.body.url)).arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('ten parallel confirms: one copy, the same ready asset for all', async () => {
    const { assetId } = await stage(PNG, 'image/png');
    const events: S3ObjectEvent[] = [];
    const unsubscribe = env.storage().s3.onObjectEvent((event) => events.push(event));
    try {
      const answers = await Promise.all(Array.from({ length: 10 }, () => confirm(assetId)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      for (const answer of answers) expect(answer.body).toEqual(answers[0]?.body);
      expect(answers[0]?.body).toMatchObject({ id: assetId, status: 'ready' });
    } finally {
      unsubscribe();
    }
    expect(events.filter((event) => event.eventName === 'ObjectCreated:Copy')).toHaveLength(1);
  });
});

describe('prefixes by access', () => {
  it('public slots get public/ keys, private slots private/ keys, both unguessable', async () => {
    await stage(PNG, 'image/png');
    await stage(PDF, 'application/pdf', 'Billboard.documents', 'report.pdf');
    const [logo, document] = await assetRows();
    // No extension in the filename: the key takes the Content-Type's (server/storage/objectKey.ts).
    expect(logo?.key).toMatch(/^public\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
    expect(document?.key).toMatch(/^private\/\d{4}\/\d{2}\/[0-9a-f]{32}\.pdf$/);
  });

  it("a public image named like a web page is stored under its type's extension, not the name's", async () => {
    // A host or CDN that types objects by extension would otherwise serve this PNG as text/html.
    await stage(PNG, 'image/png', 'Billboard.logo', 'logo.PNG.html');
    const [logo] = await assetRows();
    expect(logo?.key).toMatch(/^public\/\d{4}\/\d{2}\/[0-9a-f]{32}\.png$/);
  });

  it('an asset presigned before staging keys (PUT straight to uploads/...) still confirms under its own key', async () => {
    const { assetId, row } = await stage(PNG, 'image/png');
    const legacyKey = 'uploads/2026/01/0123456789abcdef0123456789abcdef.png';
    await putObject({ key: legacyKey, body: PNG, contentType: 'image/png' });
    await db().execute(sql`update service_assets set key = ${legacyKey}, staging_key = null where id = ${assetId}`);
    const confirmed = await confirm(assetId);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.url).toBe(`${env.storage().s3.endpoint}/${env.storage().s3.bucket}/${legacyKey}`);
    expect(await assetRows()).toMatchObject([{ key: legacyKey, status: 'ready' }]);
    // The staged copy was never read: it is left for the lifecycle rule / cleanup.
    expect(await headObject(row.staging_key as string)).not.toBeNull();
  });
});

describe("the client's SHA-256", () => {
  it('is signed into the upload, sent back in headers, and kept on the asset next to the store ETag', async () => {
    const checksumSha256 = createHash('sha256').update(PNG).digest('base64');
    const presigned = await call('POST', '/teams/1/uploads/presign', {
      user: ALICE,
      body: presignBody({ checksumSha256 }),
    });
    expect(presigned.status).toBe(200);
    const { uploadUrl, headers, asset } = presigned.body;
    expect(new URL(uploadUrl).searchParams.get('X-Amz-SignedHeaders')).toContain('x-amz-checksum-sha256');
    expect(headers).toEqual({ 'Content-Type': 'image/png', 'x-amz-checksum-sha256': checksumSha256 });
    expect(asset.checksumSha256).toBe(checksumSha256);
    expect((await fetch(uploadUrl, { method: 'PUT', headers, body: new Uint8Array(PNG) })).status).toBe(200);
    const confirmed = await confirm(asset.id);
    expect(confirmed.body).toMatchObject({
      status: 'ready',
      checksumSha256,
      checksum: createHash('md5').update(PNG).digest('hex'),
    });
  });

  it.each([
    ['hex instead of base64', createHash('sha256').update(PNG).digest('hex')],
    ['an MD5', createHash('md5').update(PNG).digest('base64')],
    ['a header-injecting value', `${createHash('sha256').update(PNG).digest('base64')}\r\nx-amz-acl: public-read`],
  ])('%s is a 400 and nothing is written', async (_label, checksumSha256) => {
    const answer = await call('POST', '/teams/1/uploads/presign', {
      user: ALICE,
      body: presignBody({ checksumSha256 }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.fields).toHaveProperty('checksumSha256');
    expect(await assetRows()).toEqual([]);
  });
});

describe('content sniffing at confirm', () => {
  it.each([
    [
      'HTML claimed as image/png',
      Buffer.from('<!doctype html><script>alert(1)</script>'),
      /does not look like image\/png/,
    ],
    ['a PDF claimed as image/png', PDF, /looks like application\/pdf, not image\/png/],
  ])('%s: 422, staged object and row removed', async (_label, body, message) => {
    const { assetId, row } = await stage(body, 'image/png', 'Billboard.logo', 'logo.png');
    const staged = row.staging_key as string;
    expect(await headObject(staged)).not.toBeNull();
    const answer = await confirm(assetId);
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe('UNPROCESSABLE_ENTITY');
    expect(answer.body.error.fields.contentType[0]).toMatch(message);
    expect(await assetRows()).toEqual([]);
    expect(await headObject(staged)).toBeNull();
    expect(await headObject(row.key)).toBeNull();
  });

  it('a real PNG claimed as image/png passes', async () => {
    const { assetId } = await stage(PNG, 'image/png');
    expect((await confirm(assetId)).body).toMatchObject({ status: 'ready' });
  });

  it('text the detector cannot know passes where the slot lists its type (documents: text/plain)', async () => {
    const { assetId } = await stage(Buffer.from('plain notes'), 'text/plain', 'Billboard.documents', 'notes.txt');
    expect((await confirm(assetId)).status).toBe(200);
  });

  it('a PDF claimed as text/plain in a slot listing both is refused', async () => {
    const { assetId } = await stage(PDF, 'text/plain', 'Billboard.documents', 'notes.txt');
    const answer = await confirm(assetId);
    expect(answer.status).toBe(422);
    expect(answer.body.error.fields.contentType[0]).toMatch(/looks like application\/pdf/);
  });
});

/**
 * The upload URL stays valid after confirm starts, so a second PUT can land while confirm works. Each test lands a real
 * PUT just before one of confirm's storage commands, by holding the S3 client's command until that PUT is stored.
 */
describe('a second PUT to the upload URL during confirm', () => {
  const EVIL = Buffer.alloc(PNG.byteLength, ' ');
  Buffer.from('<html><script>alert(document.cookie)</script></html>').copy(EVIL);

  /** Confirms, PUTting EVIL to `uploadUrl` before the first `commandName`; returns the answer and the commands' inputs. */
  async function confirmWithPutBefore(commandName: string, uploadUrl: string, assetId: number) {
    let landed = false;
    const inputs: Record<string, Record<string, unknown>> = {};
    const client = s3Client();
    client.middlewareStack.add(
      (next, context) => async (args) => {
        const name = context.commandName ?? '';
        inputs[name] ??= args.input as Record<string, unknown>;
        if (name === commandName && !landed) {
          landed = true;
          const init = { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: new Uint8Array(EVIL) };
          expect((await fetch(uploadUrl, init)).status).toBe(200);
        }
        return next(args);
      },
      { step: 'initialize', name: 'secondPutDuringConfirm' },
    );
    try {
      const answer = await confirm(assetId);
      expect(landed, `no ${commandName} was sent during confirm`).toBe(true);
      return { answer, inputs };
    } finally {
      client.middlewareStack.remove('secondPutDuringConfirm');
    }
  }

  it('while the bytes are read: 409, nothing promoted, and confirming again checks the new bytes', async () => {
    const { assetId, uploadUrl, row } = await stage(PNG, 'image/png');
    const { answer, inputs } = await confirmWithPutBefore('GetObjectCommand', uploadUrl, assetId);
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('CONFLICT');
    // The store is asked for the bytes it was HEADed with; s3rver ignores the condition, the ETag comparison does not.
    expect(inputs.GetObjectCommand?.IfMatch).toBe(`"${createHash('md5').update(PNG).digest('hex')}"`);
    expect(await headObject(row.key)).toBeNull();
    expect(await assetRows()).toMatchObject([{ status: 'pending' }]);
    const again = await confirm(assetId);
    expect(again.status).toBe(422);
    expect(again.body.error.fields.contentType[0]).toMatch(/does not look like image\/png/);
  });

  it('between the check and the copy: the copy is checked too, and refused', async () => {
    const { assetId, uploadUrl, row } = await stage(PNG, 'image/png');
    const { answer, inputs } = await confirmWithPutBefore('CopyObjectCommand', uploadUrl, assetId);
    // A real store refuses the copy by this condition (409); s3rver ignores it, and the copy's ETag gives it away.
    expect(inputs.CopyObjectCommand?.CopySourceIfMatch).toBe(`"${createHash('md5').update(PNG).digest('hex')}"`);
    expect(answer.status).toBe(422);
    expect(answer.body.error.fields.contentType[0]).toMatch(/does not look like image\/png/);
    expect(await assetRows()).toEqual([]);
    expect(await headObject(row.key)).toBeNull();
    expect(await headObject(row.staging_key as string)).toBeNull();
  });

  it('after the copy: the asset serves the bytes that were checked', async () => {
    const { assetId, uploadUrl } = await stage(PNG, 'image/png');
    const { answer } = await confirmWithPutBefore('DeleteObjectCommand', uploadUrl, assetId);
    expect(answer.status).toBe(200);
    const served = Buffer.from(await (await fetch(answer.body.url)).arrayBuffer());
    expect(served.equals(PNG)).toBe(true);
  });
});
