/**
 * The database of the framework's own tests. Importing this module registers
 * it with the model layer, as `db/database.ts` does for the app: `server/` never
 * imports `db/`, so its tests cannot borrow the app's client.
 *
 * The vitest setup (scripts/vitest/setup.ts) gives each test file a fresh
 * database cloned from the migrated template and names it in DATABASE_URL.
 * Call `closeTestDatabase` in an `afterAll` so the pool ends before the
 * database is dropped.
 */
import { type ConnectedDatabase, connectDatabase, type Database, registerDatabase } from '../model';

let database: ConnectedDatabase<Record<string, never>> | undefined;

function testDatabase(): Database {
  if (database) return database;
  // Test-only: the per-file URL is set by the vitest setup, after env.ts could have read it.
  // biome-ignore lint/style/noProcessEnv: the framework reads no env; its test helper must find the per-file database.
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run the tests through vitest (scripts/vitest/setup.ts sets it).');
  database = connectDatabase(url);
  return database;
}

/** Ends the pool (safe to call twice; the next query opens a new one). */
export async function closeTestDatabase(): Promise<void> {
  const current = database;
  database = undefined;
  await current?.$client.end({ timeout: 5 });
}

registerDatabase(testDatabase);
