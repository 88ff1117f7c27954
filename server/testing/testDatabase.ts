/**
 * The database of the framework's own tests. Importing this module registers
 * it with the model layer, as `db/database.ts` does for the app: `server/` never
 * imports `db/`, so its tests cannot borrow the app's client.
 *
 * The vitest setup (scripts/vitest/setup.ts) gives each test file a fresh
 * database cloned from the migrated template and names it in DATABASE_URL.
 * Call `closeTestDatabase` in an `afterAll` so the pool ends before the
 * database is dropped.
 *
 * That database also holds the app's migrated tables: the framework's
 * fixture tables go to a schema of their own (./fixtureSchema.ts), so an app
 * table of the same name (`npm run generate -- scaffold Project`) does not
 * collide with them.
 */
import { type ConnectedDatabase, connectDatabase, type Database, registerDatabase } from '../model';
import { fixtureDatabaseUrl } from './fixtureSchema';

let database: ConnectedDatabase<Record<string, never>> | undefined;

function testDatabase(): Database {
  database ??= connectDatabase(fixtureDatabaseUrl());
  return database;
}

/** Ends the pool (safe to call twice; the next query opens a new one). */
export async function closeTestDatabase(): Promise<void> {
  const current = database;
  database = undefined;
  await current?.$client.end({ timeout: 5 });
}

registerDatabase(testDatabase);
