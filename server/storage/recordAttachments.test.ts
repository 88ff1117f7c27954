/**
 * record.attach / detach / reorderAttachments, slot loading and destroy, on
 * real PostgreSQL (assets are rows here; the HTTP flow with real objects is
 * in UploadsController.test.ts).
 */
import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppError, Asset, type AssetJson, type AssetMetadata, countQueries, db, NotFound, transaction } from '@/server';
import { generateObjectKey } from './objectKey';
import { Billboard, DOCUMENTS_MAX, LOGO_MAX } from './testing/attachmentFixtures';
import { setUpBillboardStorage } from './testing/setUpBillboardStorage';

setUpBillboardStorage({ publicUrlBase: 'https://cdn.example.test/files' });

let spring: Billboard;
let summer: Billboard;
beforeEach(async () => {
  spring = await Billboard.create({ teamId: 1, name: 'Spring' });
  summer = await Billboard.create({ teamId: 1, name: 'Summer' });
});

async function makeAsset(
  overrides: {
    contentType?: string;
    byteSize?: number;
    access?: 'public' | 'private';
    status?: 'pending' | 'ready';
  } & {
    metadata?: AssetMetadata;
  } = {},
): Promise<Asset> {
  const logo = (overrides.contentType ?? 'image/png').startsWith('image/');
  const asset = await Asset.create({
    key: generateObjectKey('file', 'image/png', 'private'),
    filename: logo ? 'logo.png' : 'doc.pdf',
    contentType: 'image/png',
    byteSize: 100,
    status: 'ready',
    access: logo ? 'public' : 'private',
    metadata: { scope: { teamId: 1 }, slot: logo ? 'Billboard.logo' : 'Billboard.documents' },
    ...overrides,
  });
  expect(asset.errors).toEqual({});
  return asset;
}
const pdf = (metadata?: AssetMetadata) =>
  makeAsset({ contentType: 'application/pdf', ...(metadata ? { metadata } : {}) });

const slotRows = async (billboardId: number, name: string) =>
  (
    await db().execute(sql`select asset_id, position from service_attachments
      where attachable_type = 'Billboard' and attachable_id = ${billboardId} and name = ${name} order by position`)
  ).map((row) => [row.asset_id, row.position]);
const detachedAt = async (assetId: number) =>
  (await db().execute(sql`select metadata->>'detachedAt' as at from service_assets where id = ${assetId}`))[0]?.at ??
  undefined;

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  return error as AppError;
}

describe('has-one', () => {
  it('attaches, replaces (marking the previous asset detached) and is idempotent', async () => {
    const first = await makeAsset();
    const second = await makeAsset();
    const attachment = await spring.attach('logo', first.id);
    expect(attachment.toJSON()).toMatchObject({
      assetId: first.id,
      attachableType: 'Billboard',
      attachableId: spring.id,
      name: 'logo',
      position: 0,
      asset: { id: first.id, url: `https://cdn.example.test/files/${first.key}` },
    });
    expect(await detachedAt(first.id)).toBeUndefined();

    await spring.attach('logo', second.id);
    expect(await slotRows(spring.id, 'logo')).toEqual([[second.id, 0]]);
    expect(Date.parse(String(await detachedAt(first.id)))).toBeGreaterThan(Date.now() - 60_000);

    await spring.attach('logo', second.id);
    expect(await slotRows(spring.id, 'logo')).toEqual([[second.id, 0]]);
    expect(await detachedAt(second.id)).toBeUndefined();

    // Re-attaching a detached asset clears its mark, so the cleanup leaves it alone.
    await spring.attach('logo', first.id);
    expect(await detachedAt(first.id)).toBeUndefined();
  });

  it('20 concurrent attaches leave exactly one attachment', async () => {
    const assets = await Promise.all(Array.from({ length: 20 }, () => makeAsset()));
    const results = await Promise.allSettled(assets.map((asset) => spring.attach('logo', asset.id)));
    expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
    const rows = await slotRows(spring.id, 'logo');
    expect(rows).toHaveLength(1);
    const winner = rows[0]?.[0];
    const marked = await db().execute(sql`select id from service_assets where metadata ? 'detachedAt' order by id`);
    const losers = assets.map((a) => a.id).filter((id) => id !== winner);
    expect(marked.map((row) => row.id)).toEqual(losers.sort((x, y) => x - y));
  });
});

describe('shared assets', () => {
  it('two records swapping their logos concurrently never deadlock', async () => {
    const [x, y] = [await makeAsset(), await makeAsset()] as [Asset, Asset];
    await spring.attach('logo', x.id);
    await summer.attach('logo', y.id);
    for (let round = 0; round < 10; round++) {
      const [a, b] = round % 2 ? [x, y] : [y, x];
      await Promise.all([spring.attach('logo', a.id), summer.attach('logo', b.id)]);
      expect(await slotRows(spring.id, 'logo')).toEqual([[a.id, 0]]);
      expect(await slotRows(summer.id, 'logo')).toEqual([[b.id, 0]]);
    }
  });
});

describe('has-many', () => {
  it('appends by position, detaches one or all, reorders', async () => {
    const [a, b, c] = [await pdf(), await pdf(), await pdf()] as [Asset, Asset, Asset];
    for (const asset of [a, b, c]) await spring.attach('documents', asset.id);
    expect(await slotRows(spring.id, 'documents')).toEqual([
      [a.id, 0],
      [b.id, 1],
      [c.id, 2],
    ]);

    expect(await spring.detach('documents', b.id)).toBe(1);
    expect(await spring.detach('documents', b.id)).toBe(0);
    expect(await detachedAt(b.id)).toBeDefined();
    await spring.attach('documents', b.id);
    expect((await slotRows(spring.id, 'documents')).map(([id]) => id)).toEqual([a.id, c.id, b.id]);

    await spring.reorderAttachments('documents', [b.id, a.id, c.id]);
    expect(await slotRows(spring.id, 'documents')).toEqual([
      [b.id, 0],
      [a.id, 1],
      [c.id, 2],
    ]);

    for (const wrong of [
      [b.id, a.id],
      [b.id, a.id, c.id, c.id],
      [b.id, a.id, 999],
      [b.id, a.id, -1],
    ]) {
      const error = await rejection(spring.reorderAttachments('documents', wrong));
      expect(error.status).toBe(422);
      expect(error.fields).toHaveProperty('assetIds');
    }
    expect((await rejection(spring.reorderAttachments('logo', []))).status).toBe(422);
    expect((await slotRows(spring.id, 'documents')).map(([id]) => id)).toEqual([b.id, a.id, c.id]);

    expect(await spring.detach('documents')).toBe(3);
    expect(await slotRows(spring.id, 'documents')).toEqual([]);
  });

  it(`stops at max (${DOCUMENTS_MAX}), also under 10 concurrent attaches`, async () => {
    const assets = await Promise.all(Array.from({ length: 10 }, () => pdf()));
    const results = await Promise.allSettled(assets.map((asset) => spring.attach('documents', asset.id)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(DOCUMENTS_MAX);
    for (const result of results) {
      if (result.status === 'rejected') {
        expect(result.reason).toBeInstanceOf(AppError);
        expect(result.reason.fields).toEqual({ documents: [`can hold at most ${DOCUMENTS_MAX} files`] });
      }
    }
    expect((await slotRows(spring.id, 'documents')).map(([, position]) => position)).toEqual([0, 1, 2]);
  });
});

describe('attach refuses (nothing changed)', () => {
  it("an asset of another scope, of none, or one the record's model cannot match, as NotFound('Asset')", async () => {
    for (const scope of [{ teamId: 2 }, { teamId: 1, projectId: 5 }, { teamId: '1' }]) {
      const asset = await makeAsset({ metadata: { scope: scope as Record<string, number>, slot: 'Billboard.logo' } });
      const error = await rejection(spring.attach('logo', asset.id));
      expect(error).toBeInstanceOf(NotFound);
      expect(error.message).toBe('Asset not found');
    }
    // No scope recorded (a server-side file made without one): no tenant's, so not this one's either.
    for (const metadata of [{}, { slot: 'Billboard.logo' }, { scope: null }] as AssetMetadata[]) {
      const unscoped = await makeAsset({ metadata });
      expect(await rejection(spring.attach('logo', unscoped.id)), JSON.stringify(metadata)).toBeInstanceOf(NotFound);
    }
    for (const id of [999, 0, -1, 1.5, Number.NaN, 2 ** 31]) {
      expect(await rejection(spring.attach('logo', id))).toBeInstanceOf(NotFound);
    }
    expect(await slotRows(spring.id, 'logo')).toEqual([]);
  });

  it.each([
    ['a pending asset', { status: 'pending' as const }, /not been uploaded/],
    [
      'another slot',
      { metadata: { scope: { teamId: 1 }, slot: 'Billboard.documents' } },
      /uploaded for Billboard.documents/,
    ],
    ['private access on a public slot', { access: 'private' as const }, /is private/],
    ['a type the slot refuses', { contentType: 'image/svg+xml', metadata: { scope: { teamId: 1 } } }, /not accepted/],
    ['a size over the slot', { byteSize: LOGO_MAX + 1, metadata: { scope: { teamId: 1 } } }, /at most 4 KiB/],
  ])('%s: 422', async (_label, overrides, message) => {
    const current = await makeAsset();
    await spring.attach('logo', current.id);
    const asset = await makeAsset(overrides);
    const error = await rejection(spring.attach('logo', asset.id));
    expect(error.status).toBe(422);
    expect(error.fields?.assetId?.join(' ')).toMatch(message);
    expect(await slotRows(spring.id, 'logo')).toEqual([[current.id, 0]]);
    expect(await detachedAt(current.id)).toBeUndefined();
  });

  it('an unknown slot is a 400; an unsaved record a programming error', async () => {
    const asset = await makeAsset();
    expect((await rejection(spring.attach('banner', asset.id))).status).toBe(400);
    await expect(Billboard.build({ teamId: 1, name: 'x' }).attach('logo', asset.id)).rejects.toThrow(/must be saved/);
  });

  it('a record deleted meanwhile is NotFound for its model', async () => {
    const asset = await makeAsset();
    await db().execute(sql`delete from billboards where id = ${spring.id}`);
    const error = await rejection(spring.attach('logo', asset.id));
    expect(error.message).toBe('Billboard not found');
    expect(await slotRows(spring.id, 'logo')).toEqual([]);
  });

  it('an attach inside a rolled-back transaction leaves nothing', async () => {
    const asset = await makeAsset();
    await expect(
      transaction(async () => {
        await spring.attach('logo', asset.id);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await slotRows(spring.id, 'logo')).toEqual([]);
  });
});

describe('loading slots', () => {
  it('includes() costs one statement per slot for N records, with signed URLs in position order', async () => {
    const logos = await Promise.all([makeAsset(), makeAsset()]);
    const docs = await Promise.all([pdf(), pdf(), pdf()]);
    await spring.attach('logo', (logos[0] as Asset).id);
    await summer.attach('logo', (logos[1] as Asset).id);
    for (const doc of docs) await spring.attach('documents', doc.id);
    await spring.reorderAttachments(
      'documents',
      [docs[2], docs[0], docs[1]].map((d) => (d as Asset).id),
    );
    for (let i = 0; i < 5; i++) await Billboard.create({ teamId: 1, name: `Empty ${i}` });

    const { result, count } = await countQueries(() => Billboard.includes('logo', 'documents').order('id').toArray());
    expect(count).toBe(3);
    expect(result).toHaveLength(7);
    type WithSlots = { logo: AssetJson | null; documents: AssetJson[] };
    const [first, second, third] = result.map((record) => record.toJSON() as unknown as WithSlots) as [
      WithSlots,
      WithSlots,
      WithSlots,
    ];
    expect(first.logo).toMatchObject({ id: logos[0]?.id, url: `https://cdn.example.test/files/${logos[0]?.key}` });
    expect(first.documents.map((d) => d.id)).toEqual([docs[2]?.id, docs[0]?.id, docs[1]?.id]);
    const privateUrl = new URL(String(first.documents[0]?.url));
    expect(privateUrl.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(privateUrl.searchParams.get('response-content-disposition')).toContain('doc.pdf');
    expect(second.logo?.id).toBe(logos[1]?.id);
    expect(second.documents).toEqual([]);
    expect(third).toMatchObject({ logo: null, documents: [] });
    expect(Object.keys(first.logo ?? {}).sort()).toEqual(
      [
        'access',
        'byteSize',
        'checksum',
        'checksumSha256',
        'contentType',
        'createdAt',
        'filename',
        'height',
        'id',
        'placeholder',
        'status',
        'url',
        'variants',
        'variantsError',
        'variantsStatus',
        'width',
      ].sort(),
    );
  });

  it('attach and detach refresh a slot the record has loaded', async () => {
    const asset = await pdf();
    await spring.load('documents');
    await spring.attach('documents', asset.id);
    expect(spring.association<Asset[]>('documents').map((d) => d.id)).toEqual([asset.id]);
    await spring.detach('documents');
    expect(spring.association('documents')).toEqual([]);
  });
});

describe('destroy', () => {
  it("detaches the record's attachments and marks their assets; other records keep theirs", async () => {
    const [logo, doc, other] = [await makeAsset(), await pdf(), await makeAsset()] as [Asset, Asset, Asset];
    await spring.attach('logo', logo.id);
    await spring.attach('documents', doc.id);
    await summer.attach('logo', other.id);
    expect(await spring.destroy()).toBe(true);
    expect(await slotRows(spring.id, 'logo')).toEqual([]);
    expect(await slotRows(spring.id, 'documents')).toEqual([]);
    expect(await detachedAt(logo.id)).toBeDefined();
    expect(await detachedAt(doc.id)).toBeDefined();
    expect(await slotRows(summer.id, 'logo')).toEqual([[other.id, 0]]);
    expect(await detachedAt(other.id)).toBeUndefined();
  });
});
