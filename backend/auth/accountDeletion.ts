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
import { eq, inArray, or, sql } from 'drizzle-orm';
import { db } from '@/db/database';
import { invitations, memberships, serviceAssets, serviceAttachments, teams } from '@/db/schema';

/** The 422's words: which teams, and what to do about them. */
export function soleOwnerMessage(teamNames: readonly string[]): string {
  const quoted = teamNames.map((name) => `“${name}”`);
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
 * Holds the user's teams still until the transaction ends: their pending invitations first (an accept
 * locks its invitation, then inserts a membership that waits on the team's row: taking the team's row
 * first and the invitations by cascade afterwards could deadlock with it), then the teams' rows, so no
 * member joins, leaves or changes role while they are counted. Ids in order: no deadlock between two deletions.
 */
async function lockTeams(userId: number): Promise<void> {
  const ids = db().select({ id: memberships.teamId }).from(memberships).where(eq(memberships.userId, userId));
  await db()
    .select({ id: invitations.id })
    .from(invitations)
    .where(inArray(invitations.teamId, ids))
    .orderBy(invitations.id)
    .for('update');
  await db().select({ id: teams.id }).from(teams).where(inArray(teams.id, ids)).orderBy(teams.id).for('update');
}

/**
 * Deletes teams and detaches their files: every attachment of an asset uploaded under the team's scope
 * (`metadata.scope.teamId`) goes, and the asset is marked detached, so the cleanup removes the object
 * after its delay instead of keeping, for good, a file attached to records that no longer exist.
 */
async function deleteTeams(teamIds: readonly number[]): Promise<void> {
  if (teamIds.length === 0) return;
  const inTheirScope = or(
    ...teamIds.map((id) => sql`${serviceAssets.metadata} @> ${JSON.stringify({ scope: { teamId: id } })}::jsonb`),
  );
  const assets = db().select({ id: serviceAssets.id }).from(serviceAssets).where(inTheirScope);
  const detached = await db()
    .delete(serviceAttachments)
    .where(inArray(serviceAttachments.assetId, assets))
    .returning({ assetId: serviceAttachments.assetId });
  const assetIds = [...new Set(detached.map((row) => row.assetId))];
  if (assetIds.length > 0) {
    await db()
      .update(serviceAssets)
      .set({
        metadata: sql`${serviceAssets.metadata} || jsonb_build_object('detachedAt', ${new Date().toISOString()}::text)`,
        updatedAt: sql`now()`,
      })
      .where(inArray(serviceAssets.id, assetIds));
  }
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
