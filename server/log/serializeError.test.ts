/**
 * No log line carries the values of a failed query. Real failures of this
 * file's PostgreSQL (a renamed column behind an API request, a missing table,
 * a duplicate key, a value of the wrong type), logged the ways the app logs
 * them: the error serialiser's `err` line, a library's `details` (better-auth's
 * arguments), an error that wraps or quotes another.
 */

import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { db } from '../model';
import { captureLog } from '../testing/captureLog';
import { call, createFixtureTables } from '../testing/controllerFixtures';
import { closeTestDatabase } from '../testing/testDatabase';
import { logger } from './logger';

type Line = Record<string, unknown> & { err?: Record<string, unknown>; details?: unknown[] };
const log = captureLog();
const lines = log.lines as Line[];
/** What a client sent that must not reach a log: looks like a session or reset token. */
const SECRET = 'tok_5ecr3t_9f8e7d6c5b4a3210';

beforeAll(async () => {
  await createFixtureTables();
});
beforeEach(() => {
  log.clear();
});
afterAll(async () => {
  await closeTestDatabase();
});

async function failure(statement: SQL): Promise<Error> {
  try {
    await db().execute(statement);
  } catch (error) {
    return error as Error;
  }
  throw new Error('the statement was expected to fail');
}

it('an API request whose query fails: the 500 line names the statement and its cause, not the values', async () => {
  await db().execute(sql`alter table projects rename column name to name_gone`);
  try {
    const response = await call('GET', `/orgs/1/projects?search=${SECRET}`, { user: '7:1=member' });
    expect(response.status).toBe(500);
  } finally {
    await db().execute(sql`alter table projects rename column name_gone to name`);
  }
  const line = lines.find((candidate) => candidate.level === 50);
  expect(line?.err?.message).toMatch(
    /^Failed query: select .* ilike \$\d+.*\nparams: \[redacted\]: column .* does not exist$/s,
  );
  expect(line?.err?.stack).toContain('\nparams: [redacted]\n');
  expect(line?.err?.params).toBe('[redacted]');
  expect(JSON.stringify(lines)).not.toContain(SECRET);
});

it("a failed query under `err` and under a library's `details`, wrapped or quoted by another error", async () => {
  const error = await failure(sql`select * from no_such_table where token = ${SECRET}`);
  expect(error.message).toContain(SECRET); // drizzle's message: what the serialiser must not pass on
  logger().error({ err: new Error('could not read the session', { cause: error }) }, 'wrapped');
  logger().error({ err: new Error(`lookup failed: ${error.message}`) }, 'quoted');
  // better-auth's logger arguments (backend/auth/auth.ts): the error, a plain object, a formatted text.
  logger().warn({ details: [error, { query: 'select 1', params: [SECRET] }, `${error}`] }, '[better-auth] failed');

  expect(JSON.stringify(lines)).not.toContain(SECRET);
  const statement = 'Failed query: select * from no_such_table where token = $1\nparams: [redacted]';
  expect(lines[0]?.err?.message).toBe(
    `could not read the session: ${statement}: relation "no_such_table" does not exist`,
  );
  expect(lines[0]?.err?.stack).toContain(`caused by: Error: ${statement}\n    at `);
  expect(lines[1]?.err?.message).toBe(`lookup failed: ${statement}`);
  expect(lines[2]?.details).toEqual([
    expect.objectContaining({
      type: 'DrizzleQueryError',
      message: expect.stringContaining(statement),
      params: '[redacted]',
    }),
    { query: 'select 1', params: '[redacted]' },
    `Error: ${statement}`,
  ]);
});

it("PostgreSQL's own echo of a value: a duplicate key's detail, the input it could not read", async () => {
  await db().execute(sql`create table tokens_once (token text primary key)`);
  await db().execute(sql`insert into tokens_once values (${SECRET})`);
  const duplicate = await failure(sql`insert into tokens_once values (${SECRET})`);
  const unreadable = await failure(sql`select ${SECRET}::int`);
  // The driver's own error, as a library that catches it logs it.
  logger().error({ err: duplicate.cause }, 'duplicate');
  logger().error({ err: unreadable }, 'unreadable');

  expect(JSON.stringify(lines)).not.toContain(SECRET);
  expect(lines[0]?.err).toMatchObject({ code: '23505', detail: 'Key (token)=([redacted]) already exists.' });
  expect(lines[1]?.err?.message).toMatch(/: invalid input syntax for type integer: "\[redacted\]"$/);
});

it('an error keeps its own fields; an object it points at is named, not dumped', () => {
  class Connection {
    secretKey = SECRET;
  }
  const error = Object.assign(new Error('Connection terminated unexpectedly'), {
    code: 'ECONNRESET',
    client: new Connection(),
    $metadata: { httpStatusCode: 503 },
  });
  logger().error({ err: error }, 'dropped');
  expect(lines[0]?.err).toMatchObject({
    type: 'Error',
    message: 'Connection terminated unexpectedly',
    code: 'ECONNRESET',
    client: '[Connection]',
    $metadata: { httpStatusCode: 503 },
  });
  expect(JSON.stringify(lines)).not.toContain(SECRET);
});

afterAll(() => log.stop());
