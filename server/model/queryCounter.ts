/**
 * Counts SQL statements per operation, for tests and benchmarks ("no N+1").
 *
 * The app's drizzle instance passes `queryLogger` as its logger (see
 * db/client.ts); drizzle calls it synchronously in the caller's async context,
 * so AsyncLocalStorage attributes each statement to the right counter even
 * under concurrency.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

const counters = new AsyncLocalStorage<string[]>();

export const queryLogger: Logger = {
  logQuery(query: string): void {
    counters.getStore()?.push(query);
  },
};

/** Runs `fn` and returns its result with the SQL statements it issued. */
export async function countQueries<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; count: number; statements: string[] }> {
  const statements: string[] = [];
  const result = await counters.run(statements, fn);
  return { result, count: statements.length, statements };
}
