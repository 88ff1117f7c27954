/**
 * The run's teardown drops the databases test files left behind (a file that fails at import never runs
 * its afterAll): dropDatabasesNamed takes every database with the run's prefix, and nothing else.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, expect, inject, it } from 'vitest';
import { dropDatabase, dropDatabasesNamed, ensureDatabase } from '../services/embeddedPostgres';

const server = inject('pgServerUrl');
const prefix = `test_leftover_${randomBytes(4).toString('hex')}_`;
const other = `keep_${prefix}`;

afterAll(() => dropDatabase(server, other));

async function existing(): Promise<string[]> {
  const admin = postgres(server, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin<{ datname: string }[]>`
      select datname from pg_database where datname like ${'%leftover%'} and position(${prefix} in datname) > 0 order by datname`;
    return rows.map((row) => row.datname);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

it('drops every database named with the prefix, and only those', async () => {
  for (const name of [`${prefix}a`, `${prefix}b`, other]) await ensureDatabase(server, name);
  expect((await dropDatabasesNamed(server, prefix)).sort()).toEqual([`${prefix}a`, `${prefix}b`]);
  expect(await existing()).toEqual([other]);
});

it('each test file’s own database carries the run’s prefix', () => {
  expect(new URL(process.env.DATABASE_URL as string).pathname.slice(1).startsWith(inject('pgFilePrefix'))).toBe(true);
});
