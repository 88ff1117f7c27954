// demo:file (npm run demo:remove deletes this file)
/**
 * Campaign files end to end on real PostgreSQL and a real s3rver: presign ->
 * PUT -> confirm -> attach -> read, through the app's handler with session
 * cookies; the slots' type, size and count rules; team isolation. The
 * uploads checks that need no slot are in UploadController.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/database';
import { Campaign } from '@/db/models';
import { MiB } from '@/server';
import { startTestStorage, type TestStorage, TINY_PNG } from '@/server/testing';
import { api, type DemoWorld, makeCampaign, seedDemo } from './testClient';

type Row = Record<string, unknown>;
interface Presigned {
  asset: { id: number; status: string; access: string };
  uploadUrl: string;
  method: string;
  headers: Record<string, string>;
  expiresAt: string;
  publicUrl?: string;
}

const PNG = TINY_PNG;
const PDF = Buffer.from('%PDF-1.7 pretend this is a brochure');

let world: DemoWorld;
let storage: TestStorage;
let acme: number;
let campaign: Campaign;

beforeAll(async () => {
  world = await seedDemo();
  acme = world.acme.id;
  campaign = await makeCampaign(acme, { name: 'With files' });
  storage = await startTestStorage();
});
afterAll(async () => {
  await storage.stop();
  await closeDb();
});

async function presign(body: Row, cookie = world.alice, team = acme) {
  return api<Presigned>('POST', `/teams/${team}/uploads/presign`, { cookie, body });
}

/** The client's side: presign, PUT the bytes, confirm. Returns the asset id. */
async function upload(slot: string, filename: string, contentType: string, bytes: Buffer, cookie = world.alice) {
  const presigned = await presign({ filename, contentType, byteSize: bytes.byteLength, slot }, cookie);
  expect(presigned.status).toBe(200);
  const { uploadUrl, method, headers, asset } = presigned.body;
  expect((await fetch(uploadUrl, { method, headers, body: new Uint8Array(bytes) })).status).toBe(200);
  const confirmed = await api<Row>('POST', `/teams/${acme}/uploads/confirm`, { cookie, body: { assetId: asset.id } });
  expect(confirmed.status).toBe(200);
  return { id: asset.id, confirmed: confirmed.body, presigned: presigned.body };
}

describe('campaign logo and documents', () => {
  it('uploads a public logo: presign -> PUT -> confirm -> attach -> the campaign shows it', async () => {
    const { id, confirmed, presigned } = await upload('Campaign.logo', 'logo.png', 'image/png', PNG);
    expect(presigned).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'image/png' } });
    expect(presigned.asset).toMatchObject({ status: 'pending', access: 'public' });
    expect(presigned.publicUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(confirmed).toMatchObject({ id, status: 'ready', byteSize: PNG.byteLength, url: presigned.publicUrl });

    const attached = await api<Row>('POST', `/teams/${acme}/campaigns/${campaign.id}/attach`, {
      cookie: world.bob,
      body: { slot: 'logo', assetId: id },
    });
    expect(attached.status).toBe(200);
    expect(attached.body).toMatchObject({
      id: campaign.id,
      logo: { id, filename: 'logo.png', contentType: 'image/png', url: presigned.publicUrl },
      documents: [],
    });
    expect(attached.body.logo).not.toHaveProperty('key');
    expect(attached.body.logo).not.toHaveProperty('metadata');

    const shown = await api<Row>('GET', `/teams/${acme}/campaigns/${campaign.id}`, { cookie: world.bob });
    expect((shown.body.logo as Row).id).toBe(id);
    const bytes = Buffer.from(await (await fetch((shown.body.logo as Row).url as string)).arrayBuffer());
    expect(bytes.equals(PNG)).toBe(true);

    // A second logo replaces the first.
    const second = await upload('Campaign.logo', 'logo2.png', 'image/png', PNG);
    const replaced = await api<Row>('POST', `/teams/${acme}/campaigns/${campaign.id}/attach`, {
      cookie: world.alice,
      body: { slot: 'logo', assetId: second.id },
    });
    expect((replaced.body.logo as Row).id).toBe(second.id);
  });

  it('attaches private PDFs in order, readable through presigned URLs only', async () => {
    const first = await upload('Campaign.documents', 'brief.pdf', 'application/pdf', PDF);
    const second = await upload('Campaign.documents', 'terms.pdf', 'application/pdf', PDF);
    for (const { id } of [first, second]) {
      const response = await api('POST', `/teams/${acme}/campaigns/${campaign.id}/attach`, {
        cookie: world.alice,
        body: { slot: 'documents', assetId: id },
      });
      expect(response.status).toBe(200);
    }
    const shown = await api<{ documents: Row[] }>('GET', `/teams/${acme}/campaigns/${campaign.id}`, {
      cookie: world.alice,
    });
    expect(shown.body.documents.map((doc) => doc.filename)).toEqual(['brief.pdf', 'terms.pdf']);
    const url = new URL(shown.body.documents[0]?.url as string);
    expect(url.searchParams.get('X-Amz-Signature')).toBeTruthy();
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    // s3rver serves unsigned reads too, so check what the URL signs rather than a refusal.
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
    expect(url.searchParams.get('response-content-disposition')).toContain('brief.pdf');
  });

  it('refuses a wrong type or an oversize file at presign (422), before anything is stored', async () => {
    const before = (await api<Row>('GET', `/teams/${acme}/uploads/storage-usage`, { cookie: world.alice })).body;
    const svg = await presign({ filename: 'x.svg', contentType: 'image/svg+xml', byteSize: 10, slot: 'Campaign.logo' });
    expect(svg.status).toBe(422);
    const exe = await presign({
      filename: 'x.exe',
      contentType: 'application/x-msdownload',
      byteSize: 10,
      slot: 'Campaign.documents',
    });
    expect(exe.status).toBe(422);
    const big = await presign({
      filename: 'big.png',
      contentType: 'image/png',
      byteSize: 5 * MiB + 1,
      slot: 'Campaign.logo',
    });
    expect(big.status).toBe(422);
    expect((big.body as unknown as { error: { fields: Row } }).error.fields).toHaveProperty('byteSize');
    const bigPdf = await presign({
      filename: 'big.pdf',
      contentType: 'application/pdf',
      byteSize: 20 * MiB + 1,
      slot: 'Campaign.documents',
    });
    expect(bigPdf.status).toBe(422);
    const after = (await api<Row>('GET', `/teams/${acme}/uploads/storage-usage`, { cookie: world.alice })).body;
    expect(after).toEqual(before);
  });

  it('answers 400 for slots that are not the campaign slots, and for bare slot names at presign', async () => {
    for (const slot of ['Campaign.banner', 'logo', 'Asset.logo', '']) {
      const response = await presign({ filename: 'a.png', contentType: 'image/png', byteSize: 10, slot });
      expect(response.status, slot).toBe(400);
    }
    const wrongName = await api('POST', `/teams/${acme}/campaigns/${campaign.id}/attach`, {
      cookie: world.alice,
      body: { slot: 'Campaign.logo', assetId: 1 },
    });
    expect(wrongName.status).toBe(400);
  });

  it('refuses to attach a PDF as the logo, an unconfirmed upload, or more than 10 documents', async () => {
    const pdf = await upload('Campaign.documents', 'doc.pdf', 'application/pdf', PDF);
    const asLogo = await api('POST', `/teams/${acme}/campaigns/${campaign.id}/attach`, {
      cookie: world.alice,
      body: { slot: 'logo', assetId: pdf.id },
    });
    expect(asLogo.status).toBe(422);
    const pending = await presign({
      filename: 'p.png',
      contentType: 'image/png',
      byteSize: PNG.byteLength,
      slot: 'Campaign.logo',
    });
    const unconfirmed = await api('POST', `/teams/${acme}/campaigns/${campaign.id}/attach`, {
      cookie: world.alice,
      body: { slot: 'logo', assetId: pending.body.asset.id },
    });
    expect(unconfirmed.status).toBe(422);

    const full = await makeCampaign(acme, { name: 'Full of documents' });
    for (let i = 0; i < 10; i++) {
      const doc = await upload('Campaign.documents', `d${i}.pdf`, 'application/pdf', PDF);
      const response = await api('POST', `/teams/${acme}/campaigns/${full.id}/attach`, {
        cookie: world.alice,
        body: { slot: 'documents', assetId: doc.id },
      });
      expect(response.status).toBe(200);
    }
    const eleventh = await upload('Campaign.documents', 'd10.pdf', 'application/pdf', PDF);
    const over = await api<{ error: { fields: Row } }>('POST', `/teams/${acme}/campaigns/${full.id}/attach`, {
      cookie: world.alice,
      body: { slot: 'documents', assetId: eleventh.id },
    });
    expect(over.status).toBe(422);
    expect(over.body.error.fields).toEqual({ documents: ['can hold at most 10 files'] });
  });

  it('keeps teams apart: Carol cannot presign for Acme, nor attach or confirm an Acme asset', async () => {
    expect(
      (await presign({ filename: 'a.png', contentType: 'image/png', byteSize: 10, slot: 'Campaign.logo' }, world.carol))
        .status,
    ).toBe(404);
    const acmeAsset = await upload('Campaign.logo', 'acme.png', 'image/png', PNG);
    const globexCampaign = (await Campaign.findBy({ teamId: world.globex.id })) as Campaign;
    const stolen = await api('POST', `/teams/${world.globex.id}/campaigns/${globexCampaign.id}/attach`, {
      cookie: world.carol,
      body: { slot: 'logo', assetId: acmeAsset.id },
    });
    expect(stolen.status).toBe(404);
    const confirm = await api('POST', `/teams/${world.globex.id}/uploads/confirm`, {
      cookie: world.carol,
      body: { assetId: acmeAsset.id },
    });
    expect(confirm.status).toBe(404);
    // Only the uploader confirms: Bob (same team) cannot confirm Alice's upload.
    const pending = await presign({ filename: 'b.png', contentType: 'image/png', byteSize: 10, slot: 'Campaign.logo' });
    const bobConfirm = await api('POST', `/teams/${acme}/uploads/confirm`, {
      cookie: world.bob,
      body: { assetId: pending.body.asset.id },
    });
    expect(bobConfirm.status).toBe(404);
    expect((await api('GET', `/teams/${acme}/uploads/storage-usage`)).status).toBe(401);
  });

  it('storage-usage counts the team’s confirmed files and bytes only', async () => {
    const team = world.globex.id;
    const usage = async () =>
      (await api<Row>('GET', `/teams/${team}/uploads/storage-usage`, { cookie: world.carol })).body;
    expect(await usage()).toEqual({ assetCount: 0, totalBytes: 0 });
    const presigned = await presign(
      { filename: 'g.pdf', contentType: 'application/pdf', byteSize: PDF.byteLength, slot: 'Campaign.documents' },
      world.carol,
      team,
    );
    expect(presigned.status).toBe(200);
    // Pending (not confirmed) uploads do not count.
    expect(await usage()).toEqual({ assetCount: 0, totalBytes: 0 });
    const { uploadUrl, method, headers, asset } = presigned.body;
    await fetch(uploadUrl, { method, headers, body: new Uint8Array(PDF) });
    await api('POST', `/teams/${team}/uploads/confirm`, { cookie: world.carol, body: { assetId: asset.id } });
    expect(await usage()).toEqual({ assetCount: 1, totalBytes: PDF.byteLength });
    const acmeUsage = (await api<Row>('GET', `/teams/${acme}/uploads/storage-usage`, { cookie: world.bob })).body;
    expect(acmeUsage.assetCount).toBeGreaterThan(1);
  });

  it('destroying a campaign detaches its files', async () => {
    const doomed = await makeCampaign(acme, { name: 'Doomed with logo' });
    const logo = await upload('Campaign.logo', 'doomed.png', 'image/png', PNG);
    await api('POST', `/teams/${acme}/campaigns/${doomed.id}/attach`, {
      cookie: world.alice,
      body: { slot: 'logo', assetId: logo.id },
    });
    expect((await api('DELETE', `/teams/${acme}/campaigns/${doomed.id}`, { cookie: world.alice })).status).toBe(200);
    const { Attachment } = await import('@/server');
    expect(await Attachment.where({ attachableType: 'Campaign', attachableId: doomed.id }).count()).toBe(0);
  });
});
