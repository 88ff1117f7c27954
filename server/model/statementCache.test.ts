/**
 * Statements built once per shape (statementCache.ts): a shape is built the
 * first time only, later calls bind their own values (never the first
 * call's), a statement built on one connection runs on whichever `db()` names
 * now (a transaction's or the pool), the number of shapes is bounded, and what
 * cannot be cached (raw SQL conditions, `$defaultFn` columns) is built per call.
 */
import { randomUUID } from 'node:crypto';
import { eq, ilike, sql } from 'drizzle-orm';
import { pgTable, serial, text } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestDatabase } from '../testing/testDatabase';
import { db, transaction } from './connection';
import { Model } from './Model';
import { StatementCache, statementsFor } from './statementCache';
import { Author, authors, Book, books, createFixtureTables } from './testing/fixtures';

const tokens = pgTable('tokens', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  // Computed by drizzle while it builds the INSERT: a cached text would repeat the first value.
  value: text('value')
    .notNull()
    .$defaultFn(() => randomUUID()),
});

class Token extends Model(tokens, { name: 'Token' }) {}

beforeAll(async () => {
  await createFixtureTables();
  await db().execute(sql`create table tokens (id serial primary key, label text not null, value text not null)`);
  await db().execute(
    sql`insert into authors (name, email, team_id) values ('Ada', 'ada@x.test', 1), ('Brian', 'b@x.test', 2)`,
  );
});
afterAll(closeTestDatabase);

const byName = () =>
  db()
    .select({ name: authors.name })
    .from(authors)
    .where(eq(authors.name, sql.placeholder('name')));

describe('StatementCache', () => {
  it('builds a shape once and binds each call’s own values', async () => {
    const cache = new StatementCache(10);
    let builds = 0;
    const build = () => {
      builds++;
      return byName();
    };
    expect(await cache.run('by name', build, { name: 'Ada' })).toEqual([{ name: 'Ada' }]);
    expect(await cache.run('by name', build, { name: 'Brian' })).toEqual([{ name: 'Brian' }]);
    expect(await cache.run('by name', build, { name: 'Nobody' })).toEqual([]);
    expect(builds).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('keeps at most `max` shapes; past that a shape is built per call and still answers right', async () => {
    const cache = new StatementCache(1);
    let builds = 0;
    const build = () => {
      builds++;
      return byName();
    };
    await cache.run('first', byName, { name: 'Ada' });
    expect(await cache.run('second', build, { name: 'Ada' })).toEqual([{ name: 'Ada' }]);
    expect(await cache.run('second', build, { name: 'Brian' })).toEqual([{ name: 'Brian' }]);
    expect(builds).toBe(2);
    expect(cache.size).toBe(1);
  });

  it('runs on the current connection: built on the pool, it sees a transaction’s own rows inside it', async () => {
    const cache = new StatementCache(10);
    expect(await cache.run('by name', byName, { name: 'Carol' })).toEqual([]);
    await expect(
      transaction(async () => {
        await db().execute(sql`insert into authors (name, email) values ('Carol', 'carol@x.test')`);
        // On the pool (another connection) the uncommitted row would not be there.
        expect(await cache.run('by name', byName, { name: 'Carol' })).toEqual([{ name: 'Carol' }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await cache.run('by name', byName, { name: 'Carol' })).toEqual([]);
  });

  it('built inside a transaction, it keeps working on the pool after that transaction is gone', async () => {
    const cache = new StatementCache(10);
    await transaction(async () => {
      expect(await cache.run('by name', byName, { name: 'Ada' })).toEqual([{ name: 'Ada' }]);
    });
    expect(await cache.run('by name', byName, { name: 'Brian' })).toEqual([{ name: 'Brian' }]);
  });
});

describe('the model layer through the cache', () => {
  it('find, where, order, limit and pagination bind their values per call', async () => {
    expect((await Author.find(1)).name).toBe('Ada');
    expect((await Author.find(2)).name).toBe('Brian');
    expect(await Author.where({ teamId: 1 }).pluck('name')).toEqual(['Ada']);
    expect(await Author.where({ teamId: 2 }).pluck('name')).toEqual(['Brian']);
    expect(
      await Author.where({ id: [1, 2] })
        .order('-name')
        .pluck('name'),
    ).toEqual(['Brian', 'Ada']);
    expect(
      await Author.where({ id: [1] })
        .order('-name')
        .pluck('name'),
    ).toEqual(['Ada']);
    expect(await Author.where({ id: [] }).pluck('name')).toEqual([]);
    expect(await Author.where({ teamId: null }).count()).toBeGreaterThanOrEqual(0);
    const first = await Author.where({ id: [1, 2] })
      .order('name')
      .paginate({ page: 1, perPage: 1 });
    const second = await Author.where({ id: [1, 2] })
      .order('name')
      .paginate({ page: 2, perPage: 1 });
    expect(first.data.map((author) => author.name)).toEqual(['Ada']);
    expect(second.data.map((author) => author.name)).toEqual(['Brian']);
    expect([first.pagination.hasMore, second.pagination.hasMore]).toEqual([true, false]);
    // Every shape the model layer kept so far runs compiled, without drizzle's per-call work.
    const kept = statementsFor(authors);
    expect(kept.size).toBeGreaterThanOrEqual(6);
    expect(kept.compiled).toBe(kept.size);
    // The same conditions and order with and without limit or offset are different texts.
    const both = Author.where({ id: [1, 2] }).order('name');
    expect(await both.pluck('name')).toEqual(['Ada', 'Brian']);
    expect(await both.limit(1).pluck('name')).toEqual(['Ada']);
    expect(await both.offset(1).pluck('name')).toEqual(['Brian']);
    expect(await both.limit(1).offset(1).count()).toBe(1);
    expect(
      await Author.where({ id: [1, 2] })
        .limit(5)
        .offset(0)
        .count(),
    ).toBe(2);
  });

  it('encodes bound values through the column, as uncached queries do (timestamps)', async () => {
    const early = new Date('2020-01-01T00:00:00Z');
    const late = new Date('2021-06-01T12:00:00Z');
    await Book.create({ title: 'Early', publishedAt: early });
    await Book.create({ title: 'Late', publishedAt: late });
    expect(await Book.where({ publishedAt: early }).pluck('title')).toEqual(['Early']);
    expect(await Book.where({ publishedAt: late }).pluck('title')).toEqual(['Late']);
    const [book] = await Book.where({ publishedAt: [early, late] })
      .order('-publishedAt')
      .pluck('title');
    expect(book).toBe('Late');
  });

  it('one shape per call site: repeating a query with other values adds no shape', async () => {
    await Author.where({ teamId: 1 }).order('name').toArray();
    const before = statementsFor(authors).size;
    await Author.where({ teamId: 2 }).order('name').toArray();
    await Author.where({ teamId: 3 }).order('name').toArray();
    expect(statementsFor(authors).size).toBe(before);
    await Author.where({ teamId: 3 }).order('-name').toArray();
    expect(statementsFor(authors).size).toBe(before + 1);
  });

  it('a raw SQL condition is cached by its own text, binding its parameters per call', async () => {
    await Author.where(ilike(authors.name, 'ad%')).pluck('name');
    const before = statementsFor(authors).size;
    expect(await Author.where(ilike(authors.name, 'ad%')).pluck('name')).toEqual(['Ada']);
    expect(await Author.where(ilike(authors.name, 'br%')).pluck('name')).toEqual(['Brian']);
    expect(await Author.scope('search', 'bri').pluck('name')).toEqual(['Brian']);
    expect(await Author.scope('search', 'ad').pluck('name')).toEqual(['Ada']);
    expect(await Author.where(sql`${authors.name} <> 'Ada'`).where({ teamId: 2 }).pluck('name')).toEqual(['Brian']);
    // One new shape (the `<> 'Ada'` one): every ilike above, the scope's too, shares one text.
    expect(statementsFor(authors).size).toBe(before + 1);
  });

  it('a raw condition whose text holds a literal $1 is built per call, and answers right', async () => {
    const before = statementsFor(authors).size;
    const literal = (name: string) => sql`${authors.name} = ${name} and '$1' <> ${'$2'}`;
    expect(await Author.where(literal('Ada')).pluck('name')).toEqual(['Ada']);
    expect(await Author.where(literal('Brian')).pluck('name')).toEqual(['Brian']);
    expect(statementsFor(authors).size).toBe(before);
  });

  it('inserts and updates: per set of columns, each record with its own values', async () => {
    const [a, b] = [await Book.create({ title: 'A', pages: 10 }), await Book.create({ title: 'B', pages: 20 })];
    const c = await Book.create({ title: 'C' });
    expect([a.pages, b.pages, c.pages]).toEqual([10, 20, null]);
    a.assign({ pages: 11 });
    b.assign({ pages: 21, title: 'B2' });
    expect(await a.save()).toBe(true);
    expect(await b.save()).toBe(true);
    const rows = await db()
      .select({ title: books.title, pages: books.pages })
      .from(books)
      .where(sql`${books.id} in (${a.id}, ${b.id}, ${c.id})`)
      .orderBy(books.id);
    expect(rows).toEqual([
      { title: 'A', pages: 11 },
      { title: 'B2', pages: 21 },
      { title: 'C', pages: null },
    ]);
  });

  it('null goes into the text, not through the column’s encoder: inserts and updates of null timestamps', async () => {
    const date = new Date('2022-02-02T00:00:00Z');
    const none = await Book.create({ title: 'None', publishedAt: null });
    const dated = await Book.create({ title: 'Dated', publishedAt: date });
    expect([none.isNewRecord, dated.isNewRecord]).toEqual([false, false]);
    dated.assign({ publishedAt: null });
    none.assign({ publishedAt: date });
    expect(await dated.save()).toBe(true);
    expect(await none.save()).toBe(true);
    expect((await Book.find(dated.id as number)).publishedAt).toBeNull();
    expect((await Book.find(none.id as number)).publishedAt).toEqual(date);
  });

  it('a table with $defaultFn columns is built per insert: each row gets its own computed value', async () => {
    const first = await Token.create({ label: 'one' });
    const second = await Token.create({ label: 'two' });
    expect(first.value).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.value).not.toBe(first.value);
    expect(statementsFor(tokens).size).toBe(0);
  });
});
