/**
 * What deleting an account (better-auth's `POST /api/auth/delete-user`) does
 * to the user's teams. Runs as its `beforeDelete` hook (auth.ts), after the
 * password was checked, inside the request's transaction (authRoutes.ts), so
 * the teams and the user go together or not at all:
 *
 * - the only owner of a team that has other members: refused (422), naming
 *   the teams, before anything is deleted. Its members would be left without
 *   an owner: make another member an owner, or remove the members, first;
 * - the only member of a team: the team is deleted with them; its records,
 *   API keys and invitations by their foreign keys, its files detached so the
 *   asset cleanup removes them (docs/attachments.md);
 * - any other team: only the membership goes (and with it the user's API keys
 *   there, foreign keys); invitations they sent stay valid (`invited_by_id`
 *   becomes null), as when an owner is removed.
 *
 * Customise here to hand teams over instead (to the longest-serving member,
 * say) or to refuse while the user still owns anything.
 */
import { APIError } from 'better-auth/api';
import { eq, inArray, sql } from 'drizzle-orm';
import { db } from '@/db/database';
import { invitations, memberships, teams } from '@/db/schema';
import { detachScopedAssets, isolateText } from '@/server';

/** The 422's words: which teams, and what to do about them. */
export function soleOwnerMessage(teamNames: readonly string[]): string {
  // Isolated: a right-to-left override in a team's name cannot reverse the rest of the sentence.
  const quoted = teamNames.map((name) => `“${isolateText(name)}”`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  const which = quoted.length === 1 ? 'a team that has' : 'teams that have';
  return (
    `You are the only owner of ${list}, ${which} other members: make another member an owner, ` +
    'or remove the other members, before deleting your account.'
  );
}

interface TeamStanding {
  id: number;
  name: string;
  owner: boolean;
  others: number;
  otherOwners: number;
}

/** Each of the user's teams, with their role and who else is in it (read after the locks). */
async function teamsOf(userId: number): Promise<TeamStanding[]> {
  const rows = await db()
    .select({
      id: teams.id,
      name: teams.name,
      owner: sql<boolean>`bool_or(${memberships.userId} = ${userId} and ${memberships.role} = 'owner')`,
      others: sql<number>`(count(*) filter (where ${memberships.userId} <> ${userId}))::int`,
      otherOwners: sql<number>`(count(*) filter (where ${memberships.userId} <> ${userId} and ${memberships.role} = 'owner'))::int`,
    })
    .from(teams)
    .innerJoin(memberships, eq(memberships.teamId, teams.id))
    .where(
      inArray(
        teams.id,
        db().select({ id: memberships.teamId }).from(memberships).where(eq(memberships.userId, userId)),
      ),
    )
    .groupBy(teams.id)
    .orderBy(teams.id);
  return rows;
}

/**
 * Holds the user's teams still until the transaction ends, in the order every other writer takes them
 * (controllers/teamOwners.ts): the teams' rows first, `no key update` as a member removal or role change
 * does, then their pending invitations, so no member leaves, changes role or joins while they are counted.
 * An accept holds its invitation and only key-shares the team: it finishes first (then it is counted) or
 * finds its invitation gone. Ids in order: no deadlock between two deletions.
 */
async function lockTeams(userId: number): Promise<void> {
  const ids = db().select({ id: memberships.teamId }).from(memberships).where(eq(memberships.userId, userId));
  await db().select({ id: teams.id }).from(teams).where(inArray(teams.id, ids)).orderBy(teams.id).for('no key update');
  await db()
    .select({ id: invitations.id })
    .from(invitations)
    .where(inArray(invitations.teamId, ids))
    .orderBy(invitations.id)
    .for('update');
}

/** Deletes teams, their records by foreign keys and their files detached (detachScopedAssets). */
async function deleteTeams(teamIds: readonly number[]): Promise<void> {
  if (teamIds.length === 0) return;
  await detachScopedAssets(teamIds.map((teamId) => ({ teamId })));
  await db()
    .delete(teams)
    .where(inArray(teams.id, [...teamIds]));
}

/** better-auth's `beforeDelete`: refuses (422) or settles the user's teams. Call inside `transaction()`. */
export async function releaseTeamsOf(userId: number): Promise<void> {
  await lockTeams(userId);
  const standing = await teamsOf(userId);
  const stranded = standing.filter((team) => team.owner && team.others > 0 && team.otherOwners === 0);
  if (stranded.length > 0) {
    const message = soleOwnerMessage(stranded.map((team) => team.name));
    throw new APIError('UNPROCESSABLE_ENTITY', { code: 'SOLE_OWNER_OF_SHARED_TEAM', message });
  }
  await deleteTeams(standing.filter((team) => team.others === 0).map((team) => team.id));
  // The other memberships (and the user's keys there) go with the user row: foreign keys, ON DELETE CASCADE.
}
