/**
 * One structured log line per API request, and 5xx causes in the log only:
 * the handler's real pipeline writing to a pino logger whose lines the test
 * reads back.
 */

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { db } from '../model';
import { captureLog } from '../testing/captureLog';
import { call, createFixtureTables } from '../testing/controllerFixtures';
import { closeTestDatabase } from '../testing/testDatabase';

const log = captureLog();
const { lines } = log;

beforeAll(async () => {
  await createFixtureTables();
});
beforeEach(() => {
  log.clear();
});
afterAll(async () => {
  await closeTestDatabase();
});

it('logs method, route pattern, status, duration, request id and user id, once per request', async () => {
  const response = await call('GET', '/orgs/1/projects?page=2', { user: '7:1=member' });
  expect(response.status).toBe(200);
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatchObject({
    msg: 'request',
    level: 30,
    method: 'GET',
    route: '/api/orgs/:orgId/projects',
    status: 200,
    requestId: response.headers.get('x-request-id'),
    userId: 7,
  });
  expect(lines[0]?.durationMs).toEqual(expect.any(Number));
});

it('logs an unmatched route and an anonymous caller without inventing either', async () => {
  const response = await call('GET', '/nowhere/1');
  expect(response.status).toBe(404);
  expect(lines).toEqual([expect.objectContaining({ route: 'unmatched', status: 404 })]);
  expect(lines[0]).not.toHaveProperty('userId');
});

it('a 500 logs its cause with the request id; the response carries only the id', async () => {
  await db().execute(sql`alter table projects rename column budget to budget_gone`);
  try {
    const response = await call('GET', '/orgs/1/projects/1', { user: '7:1=member' });
    expect(response.status).toBe(500);
    const requestId = response.headers.get('x-request-id');
    const error = lines.find((line) => line.level === 50);
    expect(error).toMatchObject({ requestId, code: 'INTERNAL_SERVER_ERROR' });
    expect(JSON.stringify(error?.err)).toMatch(/budget/); // the cause, server-side
    expect(JSON.stringify(response.body)).not.toMatch(/budget|stack|select/i);
    expect(lines.at(-1)).toMatchObject({ msg: 'request', status: 500, requestId });
  } finally {
    await db().execute(sql`alter table projects rename column budget_gone to budget`);
  }
});

afterAll(() => log.stop());
