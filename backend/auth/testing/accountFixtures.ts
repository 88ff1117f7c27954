/**
 * Rows the account-deletion tests build and check (accountDeletion*.test.ts): a team with the given
 * members, and whether a user row is still there.
 */
import { eq } from 'drizzle-orm';
import { db } from '@/db/database';
import { Membership, Team } from '@/db/models';
import { users } from '@/db/schema';

let counter = 0;

/** A new team named `name` plus a unique suffix, with `members` as [user id, role]. */
export async function teamWith(name: string, members: [number, 'owner' | 'member'][]): Promise<Team> {
  counter += 1;
  const team = await Team.create({ name: `${name} ${Date.now()}-${counter}` });
  for (const [userId, role] of members) await Membership.create({ teamId: team.id, userId, role });
  return team;
}

export async function userExists(id: number): Promise<boolean> {
  return (await db().select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;
}
