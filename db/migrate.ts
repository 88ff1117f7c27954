/**
 * Applies pending drizzle-kit migrations from db/migrations/ to `url`.
 * Used by `npm run db:migrate`, the dev script and the test setup.
 */
import path from 'node:path';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';

const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

export async function runMigrations(url: string, folder = migrationsFolder): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
  } catch (error) {
    throw migrationError(error);
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** PostgreSQL's `not_null_violation`: here, a NOT NULL column added to a table that has rows. */
const NOT_NULL_VIOLATION = '23502';

/**
 * drizzle's error says only "Failed query: <sql>"; PostgreSQL's reason is its `cause`. Both, and for the
 * failure a regenerated scaffold runs into (a new required field on a table with rows), what to do.
 */
function migrationError(error: unknown): unknown {
  if (!(error instanceof Error) || !(error.cause instanceof Error)) return error;
  const code = (error.cause as { code?: string }).code;
  const hint =
    code === NOT_NULL_VIOLATION && /\bADD COLUMN\b/i.test(error.message)
      ? '\nThe table has rows, and a required column needs a value for each. Edit the migration in ' +
        'db/migrations/ (it was not applied): ADD COLUMN ... NOT NULL DEFAULT <value>, or add the column ' +
        'nullable, UPDATE the rows, then ALTER COLUMN ... SET NOT NULL; then migrate again.'
      : '';
  return new Error(`${error.cause.message}\n${error.message.trim()}${hint}`, { cause: error });
}
