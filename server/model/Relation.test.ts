import { gt, sql } from 'drizzle-orm';
import { integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { closeTestDatabase } from '../testing/testDatabase';
import { db } from './connection';
import { Model } from './Model';
import { countQueries } from './queryCounter';
import { RecordNotFound } from './RecordNotFound';
import { Author, authors, Book, createFixtureTables } from './testing/fixtures';

afterAll(closeTestDatabase);
beforeAll(createFixtureTables);
beforeEach(async () => {
  await db().execute(sql`truncate authors, books, profiles restart identity cascade`);
});

async function seedAuthors(): Promise<void> {
  await db()
    .insert(authors)
    .values([
      { name: 'Ada', email: 'ada@example.test', teamId: 1, status: 'active' },
      { name: 'Brian', email: 'brian@example.test', teamId: 1, status: 'inactive' },
      { name: 'Claude', email: 'claude@example.test', teamId: 2, status: 'active' },
      { name: 'Dana', email: 'dana@example.test', teamId: null, status: 'active' },
    ]);
}

describe('Relation', () => {
  it('is immutable: every call returns a new relation', async () => {
    await seedAuthors();
    const all = Author.all();
    const team1 = all.where({ teamId: 1 });
    expect(team1).not.toBe(all);
    expect(await all.count()).toBe(4);
    expect(await team1.count()).toBe(2);
    expect(await team1.where({ status: 'active' }).count()).toBe(1);
    expect(await team1.count()).toBe(2);
  });

  it('where: equality, array as one array parameter, null as IS NULL, drizzle SQL', async () => {
    await seedAuthors();
    expect(
      await Author.where({ teamId: [1, 2] })
        .order('name')
        .pluck('name'),
    ).toEqual(['Ada', 'Brian', 'Claude']);
    expect(await Author.where({ teamId: null }).pluck('name')).toEqual(['Dana']);
    expect(await Author.where({ teamId: [] }).count()).toBe(0);
    expect(await Author.where(gt(authors.teamId, 1)).pluck('name')).toEqual(['Claude']);
    expect(
      await Author.where({ name: ['Ada', 'Dana'] })
        .order('-name')
        .pluck('name'),
    ).toEqual(['Dana', 'Ada']);
    expect(() => Author.where({ nope: 1 } as never)).toThrow('Author has no attribute "nope"');
    expect(() => Author.where({ teamId: undefined })).toThrow(/undefined/);
  });

  it('binds 10,000 ids as ONE array parameter', async () => {
    await seedAuthors();
    const ids = Array.from({ length: 10_000 }, (_, i) => i + 1);
    const { result, count, statements } = await countQueries(async () => await Author.where({ id: ids }).count());
    expect(result).toBe(4);
    expect(count).toBe(1);
    expect(statements[0]).toMatch(/"id" = any\(\$1\)/);
    expect(statements[0]).not.toContain('$2');
  });

  it('named scopes by name, with arguments; unknown names throw', async () => {
    await seedAuthors();
    expect(Author.scopeNames).toEqual(['active', 'search', 'ofTeam']);
    expect(await Author.scope('active').count()).toBe(3);
    expect(await Author.all().scope('active').scope('ofTeam', 1).pluck('name')).toEqual(['Ada']);
    expect(await Author.scope('search', 'AU').pluck('name')).toEqual(['Claude']);
    expect(() => Author.all().scope('missing')).toThrow('Author has no scope "missing"');
  });

  it('order (several forms and fields), limit, offset, first', async () => {
    await seedAuthors();
    const byTeamThenName = Author.all().order([
      { field: 'teamId', dir: 'desc' },
      { field: 'name', dir: 'asc' },
    ]);
    // Missing values sort last in both directions (Dana has no team).
    expect(await byTeamThenName.pluck('name')).toEqual(['Claude', 'Ada', 'Brian', 'Dana']);
    expect(await Author.order({ name: 'desc' }).limit(2).pluck('name')).toEqual(['Dana', 'Claude']);
    expect(await Author.order('name').offset(1).limit(2).pluck('name')).toEqual(['Brian', 'Claude']);
    expect((await Author.order('-name').first())?.name).toBe('Dana');
    expect((await Author.first())?.name).toBe('Ada');
    expect(await Author.where({ teamId: 99 }).first()).toBeNull();
    expect(() => Author.order({ secret: 'asc' } as never)).toThrow('Author has no attribute "secret"');
    expect(() => Author.order([{ field: 'name', dir: 'sideways' as 'asc' }])).toThrow(/direction/);
  });

  it('find: one statement; RecordNotFound carries the model name and id', async () => {
    await seedAuthors();
    const { result, count } = await countQueries(async () => await Author.find(2));
    expect(count).toBe(1);
    expect(result).toBeInstanceOf(Author);
    expect(result.name).toBe('Brian');
    const error = await Author.find(999).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RecordNotFound);
    expect(error).toMatchObject({ modelName: 'Author', id: 999 });
    // within a relation: a record outside it is not found
    await expect(Author.where({ teamId: 2 }).find(1)).rejects.toBeInstanceOf(RecordNotFound);
    // ids that cannot exist are not found, without a query
    const invalid = await countQueries(async () => await Author.find(2 ** 40).catch((e: unknown) => e));
    expect(invalid.result).toBeInstanceOf(RecordNotFound);
    expect(invalid.count).toBe(0);
    expect((await Author.find('3')).name).toBe('Claude');
  });

  it('findBy returns null when absent', async () => {
    await seedAuthors();
    expect((await Author.findBy({ email: 'ada@example.test' }))?.name).toBe('Ada');
    expect(await Author.findBy({ email: 'zed@example.test' })).toBeNull();
  });

  it('count respects limit/offset; exists; pluck', async () => {
    await seedAuthors();
    expect(await Author.order('id').limit(2).offset(1).count()).toBe(2);
    expect(await Author.order('id').offset(3).count()).toBe(1);
    expect(await Author.where({ status: 'active' }).exists()).toBe(true);
    expect(await Author.where({ status: 'gone' }).exists()).toBe(false);
    expect(await Author.order('id').pluck('email')).toEqual([
      'ada@example.test',
      'brian@example.test',
      'claude@example.test',
      'dana@example.test',
    ]);
  });

  it('paginate: one statement with a capped count; a page past the end counts on its own', async () => {
    await seedAuthors();
    const first = await countQueries(async () => await Author.order('name').paginate({ page: 1, perPage: 3 }));
    // The page (perPage + 1 rows, so hasMore is exact) with a count subquery that stops at the count limit.
    expect(first.count).toBe(1);
    expect(first.statements[0]).not.toMatch(/over\s*\(/i);
    expect(first.statements[0]).toMatch(/\(select count\(\*\) from \(select 1 .* limit \$\d+\) "counted"\)/i);
    expect(first.parameters[0]).toEqual(expect.arrayContaining([4, 1_001]));
    expect(first.result.data.map((a) => a.name)).toEqual(['Ada', 'Brian', 'Claude']);
    expect(first.result.data[0]).toBeInstanceOf(Author);
    expect(first.result.pagination).toEqual({
      page: 1,
      perPage: 3,
      totalCount: 4,
      totalCountCapped: false,
      hasMore: true,
    });
    // The last page: its total is what it shows.
    const second = await countQueries(async () => await Author.order('name').paginate({ page: 2, perPage: 3 }));
    expect(second.count).toBe(1);
    expect(second.result.data.map((a) => a.name)).toEqual(['Dana']);
    expect(second.result.pagination).toEqual({
      page: 2,
      perPage: 3,
      totalCount: 4,
      totalCountCapped: false,
      hasMore: false,
    });
    const exact = await Author.order('name').paginate({ page: 1, perPage: 4 });
    expect(exact.pagination).toMatchObject({ totalCount: 4, hasMore: false });
    const beyond = await countQueries(async () => await Author.order('name').paginate({ page: 9, perPage: 3 }));
    expect(beyond.count).toBe(2);
    expect(beyond.result).toEqual({
      data: [],
      pagination: { page: 9, perPage: 3, totalCount: 4, totalCountCapped: false, hasMore: false },
    });
    const empty = await Author.where({ teamId: 42 }).paginate({ page: 1, perPage: 3 });
    expect(empty.pagination.totalCount).toBe(0);
    await expect(Author.all().paginate({ page: 0, perPage: 3 })).rejects.toThrow(/page/);
    await expect(Author.all().paginate({ page: 1, perPage: 3, countLimit: 0 })).rejects.toThrow(/countLimit/);
  });

  it('paginate: past countLimit the total is a lower bound flagged totalCountCapped; hasMore stays exact', async () => {
    await seedAuthors();
    const capped = await Author.order('name').paginate({ page: 1, perPage: 1, countLimit: 2 });
    expect(capped.pagination).toEqual({ page: 1, perPage: 1, totalCount: 2, totalCountCapped: true, hasMore: true });
    // Deeper than the limit: the page itself proves more rows (3 seen, one of them the look-ahead).
    const deep = await Author.order('name').paginate({ page: 3, perPage: 1, countLimit: 2 });
    expect(deep.data.map((a) => a.name)).toEqual(['Claude']);
    expect(deep.pagination).toEqual({ page: 3, perPage: 1, totalCount: 4, totalCountCapped: true, hasMore: true });
    // Exactly at the limit is still exact.
    const atLimit = await Author.order('name').paginate({ page: 1, perPage: 1, countLimit: 4 });
    expect(atLimit.pagination).toMatchObject({ totalCount: 4, totalCountCapped: false });
    const unlimited = await Author.order('name').paginate({
      page: 1,
      perPage: 1,
      countLimit: Number.POSITIVE_INFINITY,
    });
    expect(unlimited.pagination).toMatchObject({ totalCount: 4, totalCountCapped: false, hasMore: true });
  });

  it('includes k associations on N rows costs 1 + k statements, whatever N', async () => {
    await seedAuthors();
    for (const n of [1, 3, 12]) {
      await db().execute(sql`truncate books restart identity`);
      for (let i = 0; i < n; i++) {
        await db().execute(sql`insert into books (author_id, title) values (${(i % 3) + 1}, ${`Book ${i}`})`);
      }
      const { result, count } = await countQueries(
        async () => await Book.includes('author', 'fullAuthor').order('id').toArray(),
      );
      expect(result).toHaveLength(n);
      expect(count).toBe(1 + 2);
      const { count: authorsCount } = await countQueries(
        async () => await Author.includes('books', 'latestBook', 'profile').toArray(),
      );
      expect(authorsCount).toBe(1 + 3);
    }
  });

  it('paginate refuses a model with a column named like the page count key, before anything runs', async () => {
    const ledgers = pgTable('ledgers', { id: serial('id').primaryKey(), $pageTotal: integer('page_total') });
    class Ledger extends Model(ledgers, { name: 'Ledger' }) {}
    const { result, count } = await countQueries(() =>
      Ledger.all()
        .paginate({ page: 1, perPage: 5 })
        .catch((error: unknown) => error),
    );
    expect(String(result)).toMatch(/column named \$pageTotal is reserved/);
    expect(count).toBe(0);
  });

  it('paginate with includes loads them: 1 + 1 per include', async () => {
    await seedAuthors();
    await db().execute(sql`insert into books (author_id, title) values (1, 'One'), (1, 'Two'), (3, 'Three')`);
    const { result, count } = await countQueries(
      async () => await Author.includes('books').order('id').paginate({ page: 1, perPage: 2 }),
    );
    expect(count).toBe(1 + 1);
    expect(result.pagination).toMatchObject({ totalCount: 4, hasMore: true });
    expect(result.data[0]?.association<Book[]>('books').map((b) => b.title)).toEqual(['One', 'Two']);
    expect(result.data[1]?.association<Book[]>('books')).toEqual([]);
  });

  it('updateAll and deleteAll: one statement each, rows affected', async () => {
    await seedAuthors();
    const updated = await countQueries(async () => await Author.where({ teamId: 1 }).updateAll({ status: 'archived' }));
    expect(updated).toMatchObject({ result: 2, count: 1 });
    expect(await Author.where({ status: 'archived' }).pluck('name')).toEqual(expect.arrayContaining(['Ada', 'Brian']));
    const limited = await countQueries(async () => await Author.order('id').limit(1).updateAll({ teamId: 7 }));
    expect(limited).toMatchObject({ result: 1, count: 1 });
    expect((await Author.find(1)).teamId).toBe(7);
    await expect(Author.all().updateAll({ bogus: 1 })).rejects.toThrow(/bogus/);
    const deleted = await countQueries(async () => await Author.where({ status: 'archived' }).deleteAll());
    expect(deleted).toMatchObject({ result: 2, count: 1 });
    expect(await Author.count()).toBe(2);
  });

  it('build carries the equality conditions of the relation (scoped create)', async () => {
    const scoped = Author.where({ teamId: 5 });
    const built = scoped.build({ name: 'Eve', email: 'eve@example.test' });
    expect(built.teamId).toBe(5);
    expect(built.isNewRecord).toBe(true);
    // the scope wins over the given attributes
    const created = await scoped.create({ name: 'Fay', email: 'fay@example.test', teamId: 6 });
    expect(created.isNewRecord).toBe(false);
    expect(created.teamId).toBe(5);
    expect(await scoped.count()).toBe(1);
  });
});
