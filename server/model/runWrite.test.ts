/**
 * A save or destroy opens a transaction only when the record has a hook of
 * that operation (or a plugin concerns its model): a lone statement needs no
 * BEGIN/COMMIT round trips.
 */
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestDatabase } from '../testing/testDatabase';
import { currentTransaction, db } from './connection';
import { Model } from './Model';

const gizmos = pgTable('gizmos', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 40 }).notNull(),
  size: integer('size'),
});

const seen: string[] = [];
const inTransaction = () => (currentTransaction() ? 'tx' : 'no-tx');

/** A destroy hook only: saves need no transaction. */
class DestroyGuarded extends Model(gizmos, { name: 'DestroyGuarded' }) {
  validate(): void {
    seen.push(`save:${inTransaction()}`);
  }
  beforeDestroy(): boolean {
    seen.push(`destroy:${inTransaction()}`);
    return true;
  }
}

/** A save hook: saves run in a transaction with it. */
class SaveHooked extends Model(gizmos, { name: 'SaveHooked' }) {
  beforeSave(): void {
    seen.push(`beforeSave:${inTransaction()}`);
  }
}

beforeAll(async () => {
  await db().execute(sql`create table gizmos (id serial primary key, name varchar(40) not null, size integer)`);
});
afterAll(closeTestDatabase);

describe('runWrite transactions', () => {
  it('saves without a transaction when only destroy hooks exist, and destroys within one', async () => {
    seen.length = 0;
    const gizmo = await DestroyGuarded.create({ name: 'a' });
    expect(await gizmo.update({ size: 2 })).toBe(true);
    expect(await gizmo.destroy()).toBe(true);
    expect(seen).toEqual(['save:no-tx', 'save:no-tx', 'destroy:tx']);
  });

  it('saves within a transaction when a save hook exists', async () => {
    seen.length = 0;
    await SaveHooked.create({ name: 'b' });
    expect(seen).toEqual(['beforeSave:tx']);
  });
});
