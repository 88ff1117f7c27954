/**
 * The team of a `/teams/[teamId]/...` page and the caller's role in it.
 * Not signed in: redirect to the sign-in page. Not a member (or not a team
 * id): the not-found page, as the API answers 404 without saying whether the
 * team exists. Pages use the role to hide what the API would refuse (403).
 */
import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { type CurrentSession, getCurrentSession, type TeamRole } from './getCurrentSession';

export interface TeamAccess {
  session: CurrentSession;
  team: { id: number; name: string };
  role: TeamRole;
  isOwner: boolean;
}

/** `teamId` as it comes from the URL segment. */
export async function requireTeam(teamId: string): Promise<TeamAccess> {
  const session = await getCurrentSession();
  if (!session) redirect('/sign-in');
  const id = /^[1-9]\d{0,9}$/.test(teamId) ? Number(teamId) : Number.NaN;
  const membership = session.teams.find((team) => team.id === id);
  if (!membership) notFound();
  return {
    session,
    team: { id: membership.id, name: membership.name },
    role: membership.role,
    isOwner: membership.role === 'owner',
  };
}
