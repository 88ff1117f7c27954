/**
 * Console output as log lines (production): Next's `⨯` print of an error
 * thrown while rendering a page, here of a real failed query, becomes an
 * error line with the error under `err`, without the query's values.
 */

import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeEach, expect, it } from 'vitest';
import { db } from '../model';
import { captureLog } from '../testing/captureLog';
import { closeTestDatabase } from '../testing/testDatabase';
import { routeConsoleToLogger } from './routeConsoleToLogger';

type Line = Record<string, unknown> & { err?: Record<string, unknown> };
const log = captureLog('debug');
const lines = log.lines as Line[];
const consoleMethods = { ...console };
const SECRET = 'tok_5ecr3t_9f8e7d6c5b4a3210';

beforeEach(() => {
  log.clear();
  routeConsoleToLogger();
});
afterEach(() => {
  Object.assign(console, consoleMethods);
});
afterAll(async () => {
  log.stop();
  await closeTestDatabase();
});

it("Next's `⨯` print of a failed query: an error line, the error under `err`, no values", async () => {
  const error = await db()
    .execute(sql`select * from no_such_table where token = ${SECRET}`)
    .then(() => undefined)
    .catch((thrown: unknown) => thrown);
  expect(String((error as Error).message)).toContain(SECRET);
  // What Next's logger does: a red mark, then the error.
  console.error('\u001b[31m\u001b[1m⨯\u001b[22m\u001b[39m', error);

  expect(lines).toEqual([
    expect.objectContaining({
      level: 50,
      msg: '⨯ Error: Failed query: select * from no_such_table where token = $1\nparams: [redacted]: relation "no_such_table" does not exist',
      err: expect.objectContaining({ type: 'DrizzleQueryError', params: '[redacted]' }),
    }),
  ]);
  expect(JSON.stringify(lines)).not.toContain(SECRET);
});

it('each method at its level, formatted as the console would', () => {
  console.log('%s listening', 'server');
  console.info('info');
  console.debug('debug');
  console.warn('careful', { retries: 2 });
  expect(lines.map(({ level, msg }) => [level, msg])).toEqual([
    [30, 'server listening'],
    [30, 'info'],
    [20, 'debug'],
    [40, 'careful { retries: 2 }'],
  ]);
});
