/**
 * The app's database: one drizzle instance over postgres.js, typed with the
 * schema, connected on first use.
 *
 * `db()` is the handle every query runs on, in app code and in the model
 * layer alike: inside `transaction()` it is the transaction, elsewhere the
 * pool, so nothing can silently escape a transaction it runs in. `pool()` is
 * for the few things that must outlive one (a client built once, such as the
 * rate limiter's store) and for the driver itself (`pool().$client`).
 *
 * Cached on globalThis: Next's dev server re-evaluates modules on HMR, and a
 * new pool per reload would exhaust connections.
 */
import type { PgDatabase } from 'drizzle-orm/pg-core';
import type { PostgresJsQueryResultHKT } from 'drizzle-orm/postgres-js';
import { env } from '@/env';
import { type ConnectedDatabase, connectDatabase, db as currentHandle, onShutdown, registerDatabase } from '@/server';
import * as schema from './schema';

/** What `db()` returns: the pool or the current transaction, both typed with the schema. */
export type AppDatabase = PgDatabase<PostgresJsQueryResultHKT, typeof schema>;

const cache = globalThis as typeof globalThis & { __appDb?: ConnectedDatabase<typeof schema> };

/** The connection pool, outside any transaction (see above); queries use `db()`. */
export function pool(): ConnectedDatabase<typeof schema> {
  if (cache.__appDb) return cache.__appDb;
  if (!env.DATABASE_URL) {
    throw new Error('DATABASE_URL is not set. Run `npm run dev` (starts an embedded PostgreSQL) or set it in .env.');
  }
  cache.__appDb = connectDatabase(env.DATABASE_URL, {
    schema,
    max: 10,
    // false behind PgBouncer in transaction mode: no statement is prepared at all.
    prepare: env.DATABASE_PREPARED_STATEMENTS,
  });
  // Graceful shutdown closes the pool once the requests in flight are done.
  onShutdown('database pool', closeDb);
  return cache.__appDb;
}

let registered = false;

/** Hands the model layer this database (once per module copy; db/models and db() call it). */
export function registerAppDatabase(): void {
  if (registered) return;
  registered = true;
  registerDatabase(pool);
}

/** The handle to query: the current transaction inside `transaction()`, else the pool. */
export function db(): AppDatabase {
  registerAppDatabase();
  // The framework's handle is the pool registered above (or a transaction opened on it): same schema.
  return currentHandle() as AppDatabase;
}

/** Closes the pool (scripts and tests; the server keeps it for its lifetime). */
export async function closeDb(): Promise<void> {
  const current = cache.__appDb;
  cache.__appDb = undefined;
  await current?.$client.end({ timeout: 5 });
}
