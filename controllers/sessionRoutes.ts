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
 * /api/auth/* (controllers/auth/). The dev sign-in creates the same kind of
 * session without a password, for development, tests and benchmarks; its
 * rule (off in production unless enabled, then loopback clients only) is
 * controllers/devSignIn.ts, shared with the /sign-in page's server action.
 * Every answer carries `Cache-Control: no-store` (a session cookie, a user).
 */
import {
  AppError,
  assertSameOrigin,
  errorResponse,
  jsonResponse,
  readJsonBody,
  Unauthorized,
  withRequestId,
} from '@/server';
import { appOrigin } from './appOrigin';
import { type CurrentUser, loadCurrentUser, type NamedMembership } from './context';
import { type DevSignInRule, devSignIn } from './devSignIn';
import { endSession, serializeSessionCookie, sessionTokenOf } from './session';

export interface SessionBody {
  user: CurrentUser;
  teams: { id: number; name: string; role: NamedMembership['role'] }[];
}

const ALLOW = 'GET, POST, DELETE';

/** `{user, teams}` of a loaded user (loadCurrentUser): this route's answer, and what pages read (app/lib/getCurrentSession.ts). */
export function sessionBody(user: CurrentUser, memberships: NamedMembership[]): SessionBody {
  return { user, teams: memberships.map(({ teamId, teamName, role }) => ({ id: teamId, name: teamName, role })) };
}

/** One error path, and the request id every API response carries. */
function guarded(handler: (request: Request) => Promise<Response>) {
  return (request: Request): Promise<Response> =>
    withRequestId(request, async () => {
      const response = await handler(request).catch((error: unknown) => errorResponse(error));
      response.headers.set('cache-control', 'no-store');
      return response;
    });
}

/** `rule`: who may use the dev sign-in (default: from the environment, controllers/devSignIn.ts). */
export function createSessionRoutes(rule?: DevSignInRule) {
  const POST = guarded(async (request) => {
    // A cross-site page must not sign a visitor in as someone else.
    assertSameOrigin(request, appOrigin(request));
    const signedIn = await devSignIn(request, await readJsonBody(request), rule);
    return jsonResponse(sessionBody(signedIn.user, signedIn.memberships), 200, {
      'set-cookie': serializeSessionCookie(signedIn.cookie),
    });
  });

  const GET = guarded(async (request) => {
    const sessionToken = sessionTokenOf(request);
    const loaded = sessionToken === null ? null : await loadCurrentUser({ sessionToken });
    if (!loaded) throw new Unauthorized();
    return jsonResponse(sessionBody(loaded.user, loaded.memberships));
  });

  const DELETE = guarded(async (request) => {
    assertSameOrigin(request, appOrigin(request));
    return jsonResponse({ success: true }, 200, { 'set-cookie': serializeSessionCookie(await endSession(request)) });
  });

  const methodNotAllowed = guarded(async (request) => {
    const response = errorResponse(
      new AppError('METHOD_NOT_SUPPORTED', `${request.method} is not supported on /api/session; use ${ALLOW}`),
    );
    response.headers.set('allow', ALLOW);
    return response;
  });

  return { GET, POST, DELETE, PUT: methodNotAllowed, PATCH: methodNotAllowed };
}
