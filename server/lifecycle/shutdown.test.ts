/**
 * Graceful shutdown through the real handler: a request in flight when
 * shutdown begins finishes with its answer, new requests get a 503 and
 * `Connection: close`, then the cleanups run (latest first) and the database
 * pool is closed. The signal wiring itself is `installShutdown`, which only
 * calls `shutdown()` and exits.
 */
import { sql } from 'drizzle-orm';
import { pino } from 'pino';
import postgres from 'postgres';
import { afterAll, beforeAll, expect, inject, it, vi } from 'vitest';
import { ActiveController } from '../controller/ActiveController';
import { action } from '../controller/decorators';
import { buildRouter } from '../http/buildRouter';
import { createApiHandler } from '../http/createApiHandler';
import { configureLogger } from '../log/logger';
import { db } from '../model';
import { closeTestDatabase } from '../testing/testDatabase';
import { onShutdown, resetShutdownForTests, shutdown, trackRequest } from './shutdown';

class SlowController extends ActiveController<object> {
  /** Holds a pooled connection for 400 ms, as a slow report would. */
  @action('GET')
  async slow(): Promise<{ done: true }> {
    await db().execute(sql`select pg_sleep(0.4)`);
    return { done: true };
  }
}

const handler = createApiHandler({ routers: buildRouter(SlowController), createContext: () => ({}) });
const get = (path: string) => handler(new Request(`http://localhost/api${path}`));

beforeAll(() => configureLogger(pino({ level: 'silent' })));
afterAll(async () => {
  resetShutdownForTests();
  await closeTestDatabase();
});

it('lets the request in flight finish, refuses new ones, then closes the pool', async () => {
  resetShutdownForTests();
  // The pool registers its cleanup when it is made (as db/database.ts does); the worker registers later.
  await closeTestDatabase();
  const client = (db() as unknown as { $client: postgres.Sql }).$client;
  onShutdown('database pool', closeTestDatabase);
  const seenByWorker: string[] = [];
  onShutdown('job worker', async () => {
    // Cleanups run latest first, so the pool is still open for the worker's last writes.
    const [row] = await client`select 'pool open' as state`;
    seenByWorker.push(String(row?.state));
  });

  const inFlight = get('/slows/slow');
  await new Promise((resolve) => setTimeout(resolve, 100)); // the query is running
  const stopping = shutdown({ drainTimeoutMs: 5_000 });

  const refused = await get('/slows/slow');
  expect(refused.status).toBe(503);
  expect(refused.headers.get('connection')).toBe('close');
  expect((await refused.json()).error.code).toBe('SERVICE_UNAVAILABLE');

  const finished = await inFlight;
  expect(finished.status).toBe(200);
  expect(await finished.json()).toEqual({ done: true });
  expect(await stopping).toEqual({ drained: true, failed: [] });
  expect(seenByWorker).toEqual(['pool open']);
  await expect(client`select 1`).rejects.toThrow(); // then the pool was closed
});

it('gives up waiting after the drain timeout and still runs the cleanups', async () => {
  resetShutdownForTests();
  const ran: string[] = [];
  onShutdown('cleanup', () => ran.push('cleanup'));
  const sleeper = postgres(inject('pgServerUrl'), { max: 1, onnotice: () => {} });
  const stuck = trackRequest(() => sleeper`select pg_sleep(1)`);
  const result = await shutdown({ drainTimeoutMs: 100 });
  expect(result).toEqual({ drained: false, failed: [] });
  expect(ran).toEqual(['cleanup']);
  await stuck;
  await sleeper.end({ timeout: 5 });
});

it('ends within its budget: a cleanup still running at the deadline is abandoned, the rest skipped', async () => {
  resetShutdownForTests();
  const log: string[] = [];
  onShutdown('database pool', () => log.push('pool closed'));
  // pg-boss waits for a running job up to its own stop timeout, longer than the budget may have left.
  onShutdown('job runner', () => new Promise(() => {}));
  const started = performance.now();
  const result = await shutdown({ timeoutMs: 300, log: (message) => log.push(message) });
  const elapsed = performance.now() - started;
  expect(result).toEqual({ drained: true, failed: ['job runner', 'database pool'] });
  expect(elapsed).toBeGreaterThanOrEqual(290);
  expect(elapsed).toBeLessThan(2_000); // the stuck cleanup never ends: abandoned near the budget, not awaited
  expect(log).toEqual([
    'shutdown: job runner still running at the end of the 300 ms shutdown budget; abandoned',
    'shutdown: database pool skipped: the 300 ms shutdown budget is spent',
  ]);
});

it('skips the rest once a cleanup timed out, even when the clock still shows time left', async () => {
  resetShutdownForTests();
  const ran: string[] = [];
  onShutdown('database pool', () => ran.push('pool closed'));
  onShutdown('job runner', () => new Promise(() => {}));
  // Timers fire to the millisecond, so the clock read after one can show a little of the budget
  // left. A frozen clock makes that moment last: the budget is spent all the same.
  const frozen = performance.now();
  const clock = vi.spyOn(performance, 'now').mockReturnValue(frozen);
  try {
    expect(await shutdown({ timeoutMs: 20 })).toEqual({ drained: true, failed: ['job runner', 'database pool'] });
  } finally {
    clock.mockRestore();
  }
  expect(ran).toEqual([]);
});

it('gives the cleanups what the drain left of the budget', async () => {
  resetShutdownForTests();
  const given: number[] = [];
  onShutdown('cleanup', ({ remainingMs }) => given.push(remainingMs));
  const stuck = trackRequest(() => new Promise((resolve) => setTimeout(resolve, 2_000)));
  expect(await shutdown({ drainTimeoutMs: 500, timeoutMs: 2_500 })).toEqual({ drained: false, failed: [] });
  expect(given).toHaveLength(1);
  // 2,000 ms are left after the 500 ms drain: at most that, and a slow machine's stalls take a little more.
  expect(given[0]).toBeGreaterThan(1_000);
  expect(given[0]).toBeLessThanOrEqual(2_000);

  // The drain never outlasts the budget, whatever it is given.
  resetShutdownForTests();
  const stuckAgain = trackRequest(() => new Promise((resolve) => setTimeout(resolve, 2_000)));
  const again = performance.now();
  expect(await shutdown({ drainTimeoutMs: 5_000, timeoutMs: 300 })).toEqual({ drained: false, failed: [] });
  expect(performance.now() - again).toBeLessThan(1_500);
  await Promise.all([stuck, stuckAgain]);
});
