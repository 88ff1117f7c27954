/**
 * The framework's own statements are prepared: PostgreSQL's
 * pg_prepared_statements on the connection lists them, each parsed once and
 * executed many times; results stay right inside transactions and savepoints;
 * `prepare: false` (DATABASE_PREPARED_STATEMENTS=false, PgBouncer) prepares
 * nothing; the number of prepared texts is bounded; plain drizzle stays
 * unprepared. One-connection pools, so every statement sees the same session.
 */
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fixtureDatabaseUrl } from '../testing/fixtureSchema';
import { closeTestDatabase } from '../testing/testDatabase';
import { type ConnectedDatabase, connectDatabase } from './connectDatabase';
import { db, registerDatabase, transaction } from './connection';
import { Author, authors, createFixtureTables } from './testing/fixtures';

interface PreparedRow {
  statement: string;
  executions: number;
}

const opened: ConnectedDatabase<Record<string, never>>[] = [];

/** A one-connection database registered as the model layer's, so pg_prepared_statements shows all. */
function useDatabase(options: { prepare?: boolean; maxPreparedStatements?: number } = {}) {
  const database = connectDatabase(fixtureDatabaseUrl(), { ...options, max: 1 });
  opened.push(database);
  registerDatabase(() => database);
  return database;
}

async function prepared(): Promise<PreparedRow[]> {
  const rows = await db().execute(
    sql`select statement, (generic_plans + custom_plans)::int as executions from pg_prepared_statements
        where statement ilike '%"authors"%' order by prepare_time`,
  );
  return rows as unknown as PreparedRow[];
}

beforeAll(async () => {
  await createFixtureTables();
  await db().execute(
    sql`insert into authors (name, email, team_id) values ('Ada', 'ada@x.test', 1), ('Brian', 'b@x.test', 1)`,
  );
});
afterEach(async () => {
  for (const database of opened.splice(0)) await database.$client.end({ timeout: 5 });
});
afterAll(closeTestDatabase);

describe('prepared statements', () => {
  it('find, paginate (page with its count), save: each text prepared once on the connection, then reused', async () => {
    useDatabase();
    for (let i = 0; i < 3; i++) {
      expect((await Author.find(1)).name).toBe('Ada');
      const page = await Author.where({ teamId: 1 }).order('name').paginate({ page: 1, perPage: 1 });
      expect(page.pagination).toMatchObject({ totalCount: 2, hasMore: true });
    }
    const record = await Author.find(2);
    record.assign({ name: 'Brian B' });
    expect(await record.save()).toBe(true);
    const rows = await prepared();
    const find = rows.find((row) =>
      /^select .* from "authors" where "authors"\."id" = \$1 limit \$2$/.test(row.statement),
    );
    expect(find?.executions).toBe(4);
    const page = rows.find((row) => /\(select count\(\*\) from \(select 1 from "authors"/.test(row.statement));
    expect(page?.executions).toBe(3);
    expect(rows.some((row) => row.statement.startsWith('update "authors" set'))).toBe(true);
    // One entry per text: reuse, not a new statement per call.
    expect(new Set(rows.map((row) => row.statement)).size).toBe(rows.length);
  });

  it('inside a transaction and a rolled-back savepoint: prepared, and the results are the transaction’s', async () => {
    useDatabase();
    await Author.find(1); // prepared before the transaction, on the same connection
    await transaction(async () => {
      const created = await Author.create({ name: 'Claude', email: 'c@x.test', teamId: 1 });
      expect((await Author.find(created.id as number)).name).toBe('Claude');
      expect(await Author.where({ teamId: 1 }).count()).toBe(3);
      await expect(
        transaction(async () => {
          await Author.where({ id: created.id }).updateAll({ name: 'Rolled back' });
          expect((await Author.find(created.id as number)).name).toBe('Rolled back');
          throw new Error('roll back the savepoint');
        }),
      ).rejects.toThrow('roll back the savepoint');
      expect((await Author.find(created.id as number)).name).toBe('Claude');
      expect((await prepared()).length).toBeGreaterThan(0);
      await Author.where({ id: created.id }).deleteAll();
    });
    expect(await Author.where({ teamId: 1 }).count()).toBe(2);
  });

  it('prepare: false (DATABASE_PREPARED_STATEMENTS=false, PgBouncer) prepares nothing', async () => {
    useDatabase({ prepare: false });
    expect((await Author.find(1)).name).toBe('Ada');
    await Author.where({ teamId: 1 }).paginate({ page: 1, perPage: 1 });
    expect(await prepared()).toEqual([]);
  });

  it('at most maxPreparedStatements texts are prepared; past that, queries still run, unprepared', async () => {
    useDatabase({ maxPreparedStatements: 2 });
    expect((await Author.find(1)).name).toBe('Ada');
    expect(await Author.where({ teamId: 1 }).count()).toBe(2);
    expect(await Author.where({ teamId: 1 }).exists()).toBe(true);
    expect(await Author.where({ teamId: 1 }).pluck('name')).toHaveLength(2);
    expect(await prepared()).toHaveLength(2);
  });

  it('plain drizzle (the hand-written path) stays unprepared', async () => {
    useDatabase();
    expect(await db().select().from(authors)).toHaveLength(2);
    expect(await prepared()).toEqual([]);
  });
});
