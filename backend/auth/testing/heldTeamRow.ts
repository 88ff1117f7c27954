/**
 * A team row held by another change in progress, for tests that race requests (accountDeletionConcurrency
 * .test.ts): requests that need the row queue behind the hold, and `queued` tells when they all wait, so
 * letting go hands the row on in PostgreSQL's queue order instead of whichever request started first.
 */
import { eq, sql } from 'drizzle-orm';
import { db } from '@/db/database';
import { teams } from '@/db/schema';
import { transaction } from '@/server';

/** How long `queued` waits for the requests to queue behind the row before giving up. */
const QUEUE_TIMEOUT_MS = 5_000;

/**
 * Another change of the team in progress: its row held (`FOR UPDATE`) by a transaction of the test's own
 * until `letGo()`. Requests started outside it that need the row queue behind it.
 */
export async function holdTeam(teamId: number): Promise<{ letGo: () => Promise<void> }> {
  let held!: () => void;
  let release!: () => void;
  const holding = new Promise<void>((resolve) => {
    held = resolve;
  });
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  const committed = transaction(async () => {
    await db().select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('update');
    held();
    await released;
  });
  await Promise.race([holding, committed]);
  return {
    letGo: async () => {
      release();
      await committed;
    },
  };
}

/** True once `count` statements of this file's database wait on a lock; false after QUEUE_TIMEOUT_MS. */
export async function queued(count: number): Promise<boolean> {
  const until = Date.now() + QUEUE_TIMEOUT_MS;
  while (Date.now() < until) {
    const waiting = await db().execute(
      sql`select 1 from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
    );
    if (waiting.length >= count) return true;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return false;
}
