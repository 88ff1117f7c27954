/**
 * Who is signed in, for server components: the same `{user, teams}` that
 * `GET /api/session` answers, read in-process once per request (React's
 * `cache`). Null when nobody is signed in.
 */
import 'server-only';
import { cache } from 'react';
import { loadCurrentUser } from '@/controllers/context';
import { sessionUserId } from '@/controllers/session';
import type { SessionBody } from '@/controllers/sessionRoutes';
import { requestFromHeaders } from './requestFromHeaders';

export type CurrentSession = SessionBody;
export type TeamRole = SessionBody['teams'][number]['role'];

export const getCurrentSession = cache(async (): Promise<CurrentSession | null> => {
  const userId = await sessionUserId(await requestFromHeaders());
  if (userId === null) return null;
  const loaded = await loadCurrentUser(userId);
  if (!loaded) return null;
  return {
    user: loaded.user,
    teams: loaded.memberships.map(({ teamId, teamName, role }) => ({ id: teamId, name: teamName, role })),
  };
});
