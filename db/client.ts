/**
 * The app's one drizzle instance over postgres.js, created on first use and
 * cached on globalThis (Next's dev server re-evaluates modules on HMR; a new
 * pool per reload would exhaust connections).
 */
import { env } from '@/env';
import { type ConnectedDatabase, connectDatabase, onShutdown, registerDatabase } from '@/server';
import * as schema from './schema';

export type AppDatabase = ConnectedDatabase<typeof schema>;

const cache = globalThis as typeof globalThis & { __appDb?: AppDatabase };

export function getDb(): AppDatabase {
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

/** Closes the pool (scripts and tests; the server keeps it for its lifetime). */
export async function closeDb(): Promise<void> {
  const current = cache.__appDb;
  cache.__appDb = undefined;
  await current?.$client.end({ timeout: 5 });
}

registerDatabase(getDb);
