/**
 * The team of a `/teams/[teamId]/...` page and the caller's role in it.
 * Not signed in: redirect to the sign-in page, which returns here
 * afterwards (`?next=`). Not a member (or not a team
 * id): the not-found page, as the API answers 404 without saying whether the
 * team exists. Pages use the role to hide what the API would refuse (403).
 */
import 'server-only';
import { headers } from 'next/headers';
import { notFound, redirect } from 'next/navigation';
import { type CurrentSession, getCurrentSession, type TeamRole } from './getCurrentSession';
import { PAGE_PATH_HEADER } from './pagePath';
import { signInPath } from './signInPath';

export interface TeamAccess {
  session: CurrentSession;
  team: { id: number; name: string };
  role: TeamRole;
  isOwner: boolean;
}

/** `teamId` as it comes from the URL segment. */
export async function requireTeam(teamId: string): Promise<TeamAccess> {
  const session = await getCurrentSession();
  // Back here after signing in: proxy.ts names this page in a header a client cannot set.
  if (!session) redirect(signInPath((await headers()).get(PAGE_PATH_HEADER)));
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
