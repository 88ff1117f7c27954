/**
 * `/api/session`: dev sign-in by email, who am I, sign out. The route file
 * (app/api/session/route.ts) only binds these handlers; they live here so
 * tests can build them with dev sign-in on or off.
 *
 *   POST   {email}  -> 200 {user, teams} + session cookie   (dev sign-in)
 *   GET             -> 200 {user, teams: [{id, name, role}]}, or 401
 *   DELETE          -> 200 {success: true}; the session ends on the server
 *
 * Errors use the API's JSON body: malformed JSON or a bad email 400 (with
 * `fields`), unknown email 401, dev sign-in disabled 403, other methods 405.
 *
 * Real sign-in (password, and any OAuth provider you add) is better-auth's, at
 * /api/auth/* (backend/auth/). The dev sign-in creates the same kind of
 * session without a password, for development, tests and benchmarks; its
 * rule (off in production unless enabled, then loopback clients only) is
 * backend/devSignIn.ts, shared with the /sign-in page's server action.
 * Every answer carries `Cache-Control: no-store` (a session cookie, a user):
 * jsonResponse and the error format both set it.
 */
import { apiRoute, assertSameOrigin, jsonResponse, readJsonBody, Unauthorized } from '@/server';
import { appOrigin } from './appOrigin';
import { type CurrentUser, loadCurrentUser, type NamedMembership } from './context';
import { type DevSignInRule, devSignIn } from './devSignIn';
import { endSession, serializeSessionCookie, sessionTokenOf } from './session';

export interface SessionBody {
  user: CurrentUser;
  teams: { id: number; name: string; role: NamedMembership['role'] }[];
}

/** `{user, teams}` of a loaded user (loadCurrentUser): this route's answer, and what pages read (app/lib/getCurrentSession.ts). */
export function sessionBody(user: CurrentUser, memberships: NamedMembership[]): SessionBody {
  return { user, teams: memberships.map(({ teamId, teamName, role }) => ({ id: teamId, name: teamName, role })) };
}

/** `rule`: who may use the dev sign-in (default: from the environment, backend/devSignIn.ts). */
export function createSessionRoutes(rule?: DevSignInRule) {
  const POST = async (request: Request): Promise<Response> => {
    // A cross-site page must not sign a visitor in as someone else.
    assertSameOrigin(request, appOrigin(request));
    const signedIn = await devSignIn(request, await readJsonBody(request), rule);
    return jsonResponse(sessionBody(signedIn.user, signedIn.memberships), 200, {
      'set-cookie': serializeSessionCookie(signedIn.cookie),
    });
  };

  const GET = async (request: Request): Promise<Response> => {
    const sessionToken = sessionTokenOf(request);
    const loaded = sessionToken === null ? null : await loadCurrentUser({ sessionToken });
    if (!loaded) throw new Unauthorized();
    return jsonResponse(sessionBody(loaded.user, loaded.memberships));
  };

  const DELETE = async (request: Request): Promise<Response> => {
    assertSameOrigin(request, appOrigin(request));
    return jsonResponse({ success: true }, 200, { 'set-cookie': serializeSessionCookie(await endSession(request)) });
  };

  // Through the API's one edge (request id, error format, access log); other methods are a 405.
  return apiRoute('/api/session', { GET, POST, DELETE });
}
