/**
 * Which of the code's migrations (db/migrations, through drizzle-kit's
 * journal) the database has not applied yet. drizzle's migrator records each
 * applied migration in `drizzle.__drizzle_migrations` with the journal's
 * `when` as `created_at`; a migration newer than the last recorded one is
 * pending. Used by /api/ready: a database behind the code is not ready.
 */
import { sql } from 'drizzle-orm';
import { pgErrorOf } from '@/server';
import type { AppDatabase } from './database';
import journal from './migrations/meta/_journal.json';

/** PostgreSQL's "undefined table" and "invalid schema name": nothing was ever migrated. */
const NEVER_MIGRATED = new Set(['42P01', '3F000']);

export async function pendingMigrations(db: AppDatabase): Promise<string[]> {
  let lastApplied = 0;
  try {
    const [row] = await db.execute<{ last: string | null }>(
      sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
    );
    lastApplied = Number(row?.last ?? 0);
  } catch (error) {
    if (!NEVER_MIGRATED.has(pgErrorOf(error)?.code ?? '')) throw error;
  }
  return journal.entries.filter((entry) => entry.when > lastApplied).map((entry) => entry.tag);
}
