/**
 * A slot may admit up to 5 GiB (`byte_size` is a bigint): presign records a
 * 3 GiB upload exactly; over 5 GiB, or over the slot's own maxSize, is a 422.
 */
import { integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { Asset, GiB, hasOneAttached, MAX_BYTE_SIZE, Model } from '@/server';
import { call } from './testing/attachmentFixtures';
import { ALICE, setUpUploadEnvironment } from './testing/uploadFlow';

setUpUploadEnvironment();

const vaults = pgTable('vaults', { id: serial('id').primaryKey(), teamId: integer('team_id').notNull() });
// Declared for its side effect: the model registers the `Vault.archive` and `Vault.backup` slots.
class Vault extends Model(vaults, {
  name: 'Vault',
  attachments: {
    archive: hasOneAttached({ accepts: 'application/zip', maxSize: 5 * GiB }),
    backup: hasOneAttached({ accepts: 'application/zip', maxSize: 3 * GiB }),
  },
}) {}
void Vault;

const presign = (slot: string, byteSize: number) =>
  call('POST', '/teams/1/uploads/presign', {
    user: ALICE,
    body: { filename: 'dump.zip', contentType: 'application/zip', byteSize, slot },
  });

describe('slots up to 5 GiB', () => {
  it('records a 3 GiB upload exactly (past the 2^31 of an integer column)', async () => {
    const answer = await presign('Vault.archive', 3 * GiB);
    expect(answer.status).toBe(200);
    expect((await Asset.find(answer.body.asset.id)).byteSize).toBe(3_221_225_472);
    expect(MAX_BYTE_SIZE).toBe(5 * GiB);
  });

  it('refuses more than 5 GiB, and more than the slot admits', async () => {
    const over = await presign('Vault.archive', 5 * GiB + 1);
    expect(over.status).toBe(422);
    expect(over.body.error.fields.byteSize).toEqual(['must be at most 5 GiB']);
    expect((await presign('Vault.backup', 3 * GiB + 1)).status).toBe(422);
  });
});
