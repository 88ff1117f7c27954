// demo:file (npm run demo:remove deletes this file)
/**
 * Removing a campaign's files (`POST .../campaigns/:id/detach`) on real
 * PostgreSQL and s3rver: a has-one slot emptied, one document of the list
 * removed, the slot taking a file again (documents stop at ten), and teams
 * kept apart (another team's asset or campaign is a 404).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/database';
import { Campaign } from '@/db/models';
import { startTestStorage, type TestStorage, TINY_PNG } from '@/server/testing';
import { api, type DemoWorld, makeCampaign, seedDemo } from './testClient';

type Row = Record<string, unknown>;
const PDF = Buffer.from('%PDF-1.7 a document to remove');

let world: DemoWorld;
let storage: TestStorage;
let acme: number;

beforeAll(async () => {
  world = await seedDemo();
  acme = world.acme.id;
  storage = await startTestStorage();
});
afterAll(async () => {
  await storage.stop();
  await closeDb();
});

/** presign -> PUT -> confirm as the browser does; returns the ready asset's id. */
async function upload(slot: string, filename: string, contentType: string, bytes: Buffer, team = acme) {
  const cookie = team === acme ? world.alice : world.carol;
  const presigned = await api<{ asset: { id: number }; uploadUrl: string; method: string; headers: Row }>(
    'POST',
    `/teams/${team}/uploads/presign`,
    { cookie, body: { filename, contentType, byteSize: bytes.byteLength, slot } },
  );
  expect(presigned.status).toBe(200);
  const { uploadUrl, method, headers, asset } = presigned.body;
  const put = await fetch(uploadUrl, {
    method,
    headers: headers as Record<string, string>,
    body: new Uint8Array(bytes),
  });
  expect(put.status).toBe(200);
  expect((await api('POST', `/teams/${team}/uploads/confirm`, { cookie, body: { assetId: asset.id } })).status).toBe(
    200,
  );
  return asset.id;
}

const attach = (campaignId: number, slot: string, assetId: number) =>
  api<Row>('POST', `/teams/${acme}/campaigns/${campaignId}/attach`, { cookie: world.alice, body: { slot, assetId } });
const detach = (campaignId: number, body: Row, cookie = world.alice, team = acme) =>
  api<Row>('POST', `/teams/${team}/campaigns/${campaignId}/detach`, { cookie, body });

describe('CampaignController detach', () => {
  it('empties the logo slot, and the slot takes a new logo afterwards', async () => {
    const campaign = await makeCampaign(acme, { name: 'Logo to remove' });
    expect(
      (await attach(campaign.id, 'logo', await upload('Campaign.logo', 'a.png', 'image/png', TINY_PNG))).status,
    ).toBe(200);
    const removed = await detach(campaign.id, { slot: 'logo' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ id: campaign.id, logo: null });
    const shown = await api<Row>('GET', `/teams/${acme}/campaigns/${campaign.id}`, { cookie: world.alice });
    expect(shown.body.logo).toBeNull();

    const again = await attach(campaign.id, 'logo', await upload('Campaign.logo', 'b.png', 'image/png', TINY_PNG));
    expect(again.status).toBe(200);
    expect(again.body.logo).toMatchObject({ filename: 'b.png' });
  });

  it('removes one document of ten, which frees a place for an eleventh', async () => {
    const campaign = await makeCampaign(acme, { name: 'Ten documents' });
    const ids: number[] = [];
    for (let n = 1; n <= 10; n++) {
      const id = await upload('Campaign.documents', `part-${n}.pdf`, 'application/pdf', PDF);
      expect((await attach(campaign.id, 'documents', id)).status).toBe(200);
      ids.push(id);
    }
    const eleventh = await upload('Campaign.documents', 'part-11.pdf', 'application/pdf', PDF);
    expect((await attach(campaign.id, 'documents', eleventh)).status).toBe(422);

    const removed = await detach(campaign.id, { slot: 'documents', assetId: ids[3] as number });
    expect(removed.status).toBe(200);
    const left = (removed.body.documents as Row[]).map((document) => document.id);
    expect(left).toEqual(ids.filter((id) => id !== ids[3]));

    const added = await attach(campaign.id, 'documents', eleventh);
    expect(added.status).toBe(200);
    expect((added.body.documents as Row[]).map((document) => document.filename).at(-1)).toBe('part-11.pdf');
    // Already removed: the slot does not hold it any more.
    expect((await detach(campaign.id, { slot: 'documents', assetId: ids[3] as number })).status).toBe(404);
  });

  it("keeps teams apart: another team's asset or campaign is a 404, and nothing is removed", async () => {
    const campaign = await makeCampaign(acme, { name: 'Kept apart' });
    const own = await upload('Campaign.documents', 'own.pdf', 'application/pdf', PDF);
    expect((await attach(campaign.id, 'documents', own)).status).toBe(200);
    const theirs = await upload('Campaign.documents', 'theirs.pdf', 'application/pdf', PDF, world.globex.id);

    expect((await detach(campaign.id, { slot: 'documents', assetId: theirs })).status).toBe(404);
    // Carol (Globex) cannot reach Acme's campaign, through her team's URL or Acme's.
    expect((await detach(campaign.id, { slot: 'documents', assetId: own }, world.carol, world.globex.id)).status).toBe(
      404,
    );
    expect((await detach(campaign.id, { slot: 'documents', assetId: own }, world.carol)).status).toBe(404);
    const globexCampaign = (await Campaign.findBy({ teamId: world.globex.id })) as Campaign;
    expect((await detach(globexCampaign.id, { slot: 'logo' })).status).toBe(404);

    const shown = await api<Row>('GET', `/teams/${acme}/campaigns/${campaign.id}`, { cookie: world.alice });
    expect((shown.body.documents as Row[]).map((document) => document.id)).toEqual([own]);
    expect((await detach(campaign.id, { slot: 'poster' })).status).toBe(400);
  });
});
