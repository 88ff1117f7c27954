/** containsText on real PostgreSQL: a substring in any case, and LIKE's wildcards in the term as plain text. */
import { sql } from 'drizzle-orm';
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeTestDatabase } from '../testing/testDatabase';
import { db } from './connection';
import { containsText } from './containsText';

const phrases = pgTable('contains_text_phrases', { id: serial('id').primaryKey(), body: text('body').notNull() });

beforeAll(async () => {
  await db().execute(sql`create table contains_text_phrases (id serial primary key, body text not null)`);
  await db()
    .insert(phrases)
    .values(['50% off', 'Half OFF today', 'snake_case', 'back\\slash', 'plain'].map((body) => ({ body })));
});
afterAll(closeTestDatabase);

async function matching(term: string): Promise<string[]> {
  const rows = await db().select().from(phrases).where(containsText(phrases.body, term)).orderBy(phrases.id);
  return rows.map((row) => row.body);
}

it('matches a substring in any case', async () => {
  expect(await matching('off')).toEqual(['50% off', 'Half OFF today']);
});

it('takes %, _ and \\ in the term as themselves, never as wildcards', async () => {
  expect(await matching('%')).toEqual(['50% off']);
  expect(await matching('_')).toEqual(['snake_case']);
  expect(await matching('\\')).toEqual(['back\\slash']);
  expect(await matching('e_c')).toEqual(['snake_case']);
  expect(await matching('a_e')).toEqual([]);
});
