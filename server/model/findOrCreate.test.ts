import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabase } from '../testing/testDatabase';
import { db } from './connection';
import { Model } from './Model';
import { countQueries } from './queryCounter';
import { Author, createFixtureTables, widgets } from './testing/fixtures';

afterAll(closeTestDatabase);
beforeAll(async () => {
  await createFixtureTables();
  // Not `notes`: the README's recipe gives the app a `notes` table, and this database is the app's, migrated.
  await db().execute(
    sql`create table fixture_notes (id serial primary key, team_id integer not null, title text not null)`,
  );
});
beforeEach(async () => {
  await db().execute(sql`truncate widgets, authors, books, profiles, fixture_notes restart identity cascade`);
});

/** No unique key over (teamId, title): only the advisory lock stops duplicates. */
const notes = pgTable('fixture_notes', {
  id: serial('id').primaryKey(),
  teamId: integer('team_id').notNull(),
  title: text('title').notNull(),
});
class Note extends Model(notes, { name: 'Note' }) {}

let creations = 0;
class Widget extends Model(widgets, { name: 'Widget' }) {
  afterCreate(): void {
    creations++;
  }
}

describe('findOrCreateBy', () => {
  it('creates with defaults when absent, finds when present', async () => {
    const created = await Widget.findOrCreateBy({ teamId: 1, slug: 'settings' }, { name: 'Defaults', price: 3 });
    expect(created.isNewRecord).toBe(false);
    expect(created).toMatchObject({ teamId: 1, slug: 'settings', name: 'Defaults', price: 3 });
    const { result: found, count } = await countQueries(
      async () => await Widget.findOrCreateBy({ teamId: 1, slug: 'settings' }, { name: 'Ignored' }),
    );
    expect(count).toBe(1);
    expect(found.id).toBe(created.id);
    expect(found.name).toBe('Defaults');
  });

  it('within a relation: its equality conditions are part of the key', async () => {
    const team2 = Widget.where({ teamId: 2 });
    const record = await team2.findOrCreateBy({ slug: 'settings' });
    expect(record.teamId).toBe(2);
    expect((await Widget.where({ teamId: 3 }).findOrCreateBy({ slug: 'settings' })).id).not.toBe(record.id);
    expect((await team2.findOrCreateBy({ slug: 'settings' })).id).toBe(record.id);
  });

  it('50 concurrent callers: exactly one row, everyone gets its id, nobody errors', async () => {
    creations = 0;
    const { result: results, statements } = await countQueries(
      async () =>
        await Promise.all(
          Array.from({ length: 50 }, (_, i) =>
            Widget.findOrCreateBy({ teamId: 7, slug: 'race' }, { name: `caller ${i}` }),
          ),
        ),
    );
    // the race really happened: several callers tried to insert
    expect(statements.filter((s) => s.includes('on conflict do nothing')).length).toBeGreaterThan(1);
    const rows = await Widget.where({ teamId: 7, slug: 'race' }).toArray();
    expect(rows).toHaveLength(1);
    expect(new Set(results.map((r) => r.id))).toEqual(new Set([rows[0]?.id]));
    expect(results.every((r) => r.isPersisted && Object.keys(r.errors).length === 0)).toBe(true);
    expect(creations).toBe(1);
  });

  it('returns the record with errors when invalid', async () => {
    const author = await Author.findOrCreateBy({ email: 'not-an-email' }, { name: 'X' });
    expect(author.isNewRecord).toBe(true);
    expect(author.errors).toEqual({ email: ['is not an email'] });
  });
});

describe('findOrCreateBy without a unique key over its conditions', () => {
  it('30 concurrent callers still make exactly one row (an advisory lock serialises them)', async () => {
    const { result: results, statements } = await countQueries(
      async () =>
        await Promise.all(Array.from({ length: 30 }, () => Note.findOrCreateBy({ teamId: 1, title: 'race' }))),
    );
    const rows = await Note.where({ teamId: 1 }).toArray();
    expect(rows).toHaveLength(1);
    expect(statements.some((statement) => statement.includes('pg_advisory_xact_lock'))).toBe(true);
    expect(new Set(results.map((record) => record.id))).toEqual(new Set([rows[0]?.id]));
  });

  it('different conditions do not wait for each other and make their own rows', async () => {
    await Promise.all([
      Note.findOrCreateBy({ teamId: 1, title: 'a' }),
      Note.findOrCreateBy({ teamId: 2, title: 'a' }),
      Note.where({ teamId: 3 }).findOrCreateBy({ title: 'a' }),
    ]);
    expect((await Note.all().pluck('teamId')).sort()).toEqual([1, 2, 3]);
  });

  it('a unique key within the conditions takes the lock-free path', async () => {
    const { statements } = await countQueries(() => Widget.findOrCreateBy({ teamId: 1, slug: 'x' }));
    expect(statements.some((statement) => statement.includes('pg_advisory_xact_lock'))).toBe(false);
  });
});
