/**
 * Who is signed in, for server components: the same `{user, teams}` that
 * `GET /api/session` answers, read in-process once per request (React's
 * `cache`). Null when nobody is signed in.
 */
import 'server-only';
import { cache } from 'react';
import { loadCurrentUser } from '@/backend/context';
import { sessionTokenOf } from '@/backend/session';
import { type SessionBody, sessionBody } from '@/backend/sessionRoutes';
import { requestFromHeaders } from './requestFromHeaders';

export type CurrentSession = SessionBody;
export type TeamRole = SessionBody['teams'][number]['role'];

export const getCurrentSession = cache(async (): Promise<CurrentSession | null> => {
  const sessionToken = sessionTokenOf(await requestFromHeaders());
  if (sessionToken === null) return null;
  // One statement: the live session, its user and their teams.
  const loaded = await loadCurrentUser({ sessionToken });
  return loaded && sessionBody(loaded.user, loaded.memberships);
});
