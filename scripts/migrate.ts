/**
 * `npm run db:migrate`: applies pending migrations from db/migrations/ to
 * DATABASE_URL (or, through withDevEnv, the running `npm run dev` database).
 * Create migrations with `npm run db:generate` after editing db/schema.ts.
 */
import { runMigrations } from '../db/migrate';
import { env } from '../env';

if (!env.DATABASE_URL) {
  console.error(
    'DATABASE_URL is not set. Run through `npm run db:migrate` (uses the running `npm run dev`) or set it.',
  );
  process.exit(1);
}
const target = new URL(env.DATABASE_URL);
target.password = target.password ? '***' : '';
try {
  await runMigrations(env.DATABASE_URL);
  console.log(`Migrations applied to ${target.toString()}`);
} catch (error) {
  console.error(`Migrating ${target.toString()} failed:`, error instanceof Error ? error.message : error);
  process.exit(1);
}
