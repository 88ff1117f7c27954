// demo:file (npm run demo:remove deletes this file)
/**
 * Counts what postgres.js actually sends, BEGIN/COMMIT/SAVEPOINT included:
 * drizzle's logger (and so `countQueries`) sees only the statements drizzle
 * builds, not the transaction control around them, which costs round trips
 * all the same. Uses postgres.js's `debug` hook on the app pool's options
 * (read for every query); only for sequential measurements, where nothing
 * else runs on the pool.
 *
 * Imports the app's database module: load it after DATABASE_URL is set.
 */
import { pool } from '@/db/database';

type Debug = (connection: number, query: string, parameters: unknown[], types: unknown[]) => void;

export async function countWireQueries<T>(fn: () => Promise<T>): Promise<{ result: T; wire: string[] }> {
  const options = (pool().$client as unknown as { options: { debug?: Debug | boolean } }).options;
  const previous = options.debug;
  const wire: string[] = [];
  options.debug = (connection, query, parameters, types) => {
    wire.push(query);
    if (typeof previous === 'function') previous(connection, query, parameters, types);
  };
  try {
    return { result: await fn(), wire };
  } finally {
    options.debug = previous;
  }
}
