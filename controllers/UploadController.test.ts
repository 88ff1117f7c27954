/**
 * The app's uploads controller through its handler with session cookies, on
 * real PostgreSQL and s3rver, for what needs no declared slot: who may call
 * it (signed in, own team), slot names it refuses, that only the uploader
 * confirms, and the storage usage summary. A slot's whole path (presign ->
 * PUT -> confirm -> attach) is tested with the model that declares it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/database';
import { User } from '@/db/models';
import { Asset } from '@/server';
import { startTestStorage, type TestStorage } from '@/server/testing';
import { api, type DemoWorld, makeTeam, seedDemo } from './testClient';

type Row = Record<string, unknown>;
type ErrorBody = { error: { code: string; fields?: Record<string, string[]> } };

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

const file = { filename: 'a.png', contentType: 'image/png', byteSize: 10 };
let keys = 0;

/** A stored asset as presign (pending) or confirm (ready) leaves it, with the metadata they write. */
async function storedAsset(teamId: number, email: string, status: 'pending' | 'ready', byteSize: number) {
  const user = (await User.findBy({ email })) as User;
  keys += 1;
  const asset = await Asset.create({
    key: `private/upload-test-${process.pid}-${keys}.bin`,
    filename: 'stored.bin',
    contentType: 'application/octet-stream',
    byteSize,
    status,
    access: 'private',
    metadata: { userId: user.id, scope: { teamId }, slot: 'Fixture.file' },
  });
  if (!asset.isPersisted) throw new Error(`fixture asset invalid: ${JSON.stringify(asset.errors)}`);
  return asset;
}

describe('uploads', () => {
  it('answers 401 without a session', async () => {
    expect((await api('POST', `/teams/${acme}/uploads/presign`, { body: { ...file, slot: 'Any.slot' } })).status).toBe(
      401,
    );
    expect((await api('POST', `/teams/${acme}/uploads/confirm`, { body: { assetId: 1 } })).status).toBe(401);
    expect((await api('GET', `/teams/${acme}/uploads/storage-usage`)).status).toBe(401);
  });

  it("keeps teams apart: another team's uploads are 404, whatever the slot", async () => {
    const presign = await api('POST', `/teams/${acme}/uploads/presign`, {
      cookie: world.carol,
      body: { ...file, slot: 'Any.slot' },
    });
    expect(presign.status).toBe(404);
    expect((await api('GET', `/teams/${acme}/uploads/storage-usage`, { cookie: world.carol })).status).toBe(404);
    const acmeAsset = await storedAsset(acme, 'alice@example.com', 'pending', 10);
    const confirm = await api('POST', `/teams/${world.globex.id}/uploads/confirm`, {
      cookie: world.carol,
      body: { assetId: acmeAsset.id },
    });
    expect(confirm.status).toBe(404);
  });

  it('answers 400 for names that are not a declared slot, at presign and multipart alike', async () => {
    for (const slot of ['Nothing.here', 'logo', 'Asset.logo', 'User.avatar', '']) {
      for (const action of ['presign', 'create-multipart']) {
        const response = await api<ErrorBody>('POST', `/teams/${acme}/uploads/${action}`, {
          cookie: world.alice,
          body: { ...file, slot },
        });
        expect(response.status, `${action} ${slot}`).toBe(400);
        expect(response.body.error.fields, `${action} ${slot}`).toHaveProperty('slot');
      }
    }
  });

  it('lets only the uploader confirm: 404 for another member, 400 for the uploader before the PUT', async () => {
    const pending = await storedAsset(acme, 'alice@example.com', 'pending', 10);
    const byBob = await api('POST', `/teams/${acme}/uploads/confirm`, {
      cookie: world.bob,
      body: { assetId: pending.id },
    });
    expect(byBob.status).toBe(404);
    const byAlice = await api<ErrorBody>('POST', `/teams/${acme}/uploads/confirm`, {
      cookie: world.alice,
      body: { assetId: pending.id },
    });
    expect(byAlice.status).toBe(400);
    expect(byAlice.body.error.fields).toHaveProperty('assetId');
    const missing = await api('POST', `/teams/${acme}/uploads/confirm`, {
      cookie: world.alice,
      body: { assetId: 2147483647 },
    });
    expect(missing.status).toBe(404);
  });

  it('storage-usage counts the team’s confirmed files and bytes only', async () => {
    const team = await makeTeam('Storage usage');
    const usage = async (cookie = world.bob) =>
      (await api<Row>('GET', `/teams/${team}/uploads/storage-usage`, { cookie })).body;
    expect(await usage()).toEqual({ assetCount: 0, totalBytes: 0 });
    // Pending (not confirmed) uploads do not count, nor other teams' files.
    await storedAsset(team, 'alice@example.com', 'pending', 1_000);
    await storedAsset(world.globex.id, 'carol@example.com', 'ready', 2_000);
    expect(await usage()).toEqual({ assetCount: 0, totalBytes: 0 });
    await storedAsset(team, 'alice@example.com', 'ready', 300);
    await storedAsset(team, 'bob@example.com', 'ready', 40);
    // Any member sees the team's total, whoever uploaded.
    expect(await usage()).toEqual({ assetCount: 2, totalBytes: 340 });
    expect(await usage(world.alice)).toEqual({ assetCount: 2, totalBytes: 340 });
  });
});
