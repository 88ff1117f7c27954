/**
 * Counts SQL statements per operation, for tests and benchmarks ("no N+1").
 *
 * The app's drizzle instance passes `queryLogger` as its logger (see
 * connectDatabase.ts); drizzle calls it synchronously in the caller's async context,
 * so AsyncLocalStorage attributes each statement to the right counter even
 * under concurrency.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Logger } from 'drizzle-orm/logger';

interface Counter {
  statements: string[];
  /** Each statement's parameters, for tests that EXPLAIN what ran. */
  parameters: unknown[][];
}

const counters = new AsyncLocalStorage<Counter>();

export const queryLogger: Logger = {
  logQuery(query: string, params: unknown[]): void {
    const counter = counters.getStore();
    if (!counter) return;
    counter.statements.push(query);
    counter.parameters.push(params);
  },
};

/** Runs `fn` and returns its result with the SQL statements it issued (and their parameters). */
export async function countQueries<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; count: number; statements: string[]; parameters: unknown[][] }> {
  const counter: Counter = { statements: [], parameters: [] };
  const result = await counters.run(counter, fn);
  return { result, count: counter.statements.length, ...counter };
}
