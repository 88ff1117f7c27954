/**
 * "A team always keeps at least one owner", race-safe. Every change that can
 * take an owner away (demote, remove, leave) runs in a transaction that first
 * locks the team's row; concurrent changes to the same team's members then
 * queue, and each counts the owners only after the previous one committed.
 * Two owners demoting each other at once: the second finds one owner left
 * (itself) and gets the 422.
 *
 * `FOR NO KEY UPDATE` rather than `FOR UPDATE`: it still serialises these
 * changes, but does not block inserts elsewhere that reference the team
 * (rows that reference the team, API keys for one, take a KEY SHARE lock on it).
 */
import { and, count, eq, ne } from 'drizzle-orm';
import { db } from '@/db/database';
import { memberships, teams } from '@/db/schema';
import { AppError, Forbidden } from '@/server';

/** Locks the team's row until the current transaction ends. Call inside `transaction()`. */
export async function lockTeamMembers(teamId: number): Promise<void> {
  await db().select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('no key update');
}

/**
 * Holds the team's roles still until the current transaction ends: demote, remove and leave (which lock
 * the row with lockTeamMembers) wait, while other holders do not wait for each other. For changes that
 * only an owner may make but that do not change members themselves (inviting). Call inside `transaction()`.
 */
export async function holdTeamMembers(teamId: number): Promise<void> {
  await db().select({ id: teams.id }).from(teams).where(eq(teams.id, teamId)).for('share');
}

/**
 * 403 unless `userId` owns the team now (call after lockTeamMembers or holdTeamMembers). The request's
 * context read the caller's role when the request began, and a concurrent request may have demoted them since.
 */
export async function requireOwnerNow(teamId: number, userId: number): Promise<void> {
  const [mine] = await db()
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.userId, userId)));
  if (mine?.role !== 'owner') throw new Forbidden('Only team owners can do this');
}

/** 422 unless the team has an owner other than `membershipId` (call after lockTeamMembers). */
export async function requireAnotherOwner(teamId: number, membershipId: number, message: string): Promise<void> {
  const [row] = await db()
    .select({ owners: count() })
    .from(memberships)
    .where(and(eq(memberships.teamId, teamId), eq(memberships.role, 'owner'), ne(memberships.id, membershipId)));
  if ((row?.owners ?? 0) === 0) throw new AppError('UNPROCESSABLE_ENTITY', message, { base: [message] });
}

/** The messages a client shows: each says what to do instead. */
export const LAST_OWNER_MESSAGES = {
  demote: 'A team needs at least one owner: make another member an owner first',
  remove: 'A team needs at least one owner: make another member an owner before removing this one',
  leave: 'You are the last owner: make another member an owner before leaving',
} as const;
