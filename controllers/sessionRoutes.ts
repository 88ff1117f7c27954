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
 * session without a password, for development, tests and benchmarks; in
 * production it exists only with AUTH_DEV_LOGIN=true, and then only for
 * requests addressed to a loopback host (a DNS-rebinding page reaches the
 * server under its own host name, so it is refused).
 */
import { z } from 'zod';
import { User } from '@/db/models';
import {
  AppError,
  assertSameOrigin,
  BadRequest,
  errorResponse,
  Forbidden,
  issueFieldErrors,
  jsonResponse,
  readJsonBody,
  Unauthorized,
  withRequestId,
} from '@/server';
import { type CurrentUser, loadCurrentUser, type NamedMembership } from './context';
import { endSession, serializeSessionCookie, sessionTokenOf, startSession } from './session';

export interface SessionBody {
  user: CurrentUser;
  teams: { id: number; name: string; role: NamedMembership['role'] }[];
}

const ALLOW = 'GET, POST, DELETE';
const signInInput = z.object({
  email: z.string("can't be blank").trim().max(255).pipe(z.email('is not a valid email address')),
});

/** `{user, teams}` of a loaded user (loadCurrentUser): this route's answer, and what pages read (app/lib/getCurrentSession.ts). */
export function sessionBody(user: CurrentUser, memberships: NamedMembership[]): SessionBody {
  return { user, teams: memberships.map(({ teamId, teamName, role }) => ({ id: teamId, name: teamName, role })) };
}

/** One error path, and the request id every API response carries. */
function guarded(handler: (request: Request) => Promise<Response>) {
  return (request: Request): Promise<Response> =>
    withRequestId(request, async () => {
      try {
        return await handler(request);
      } catch (error) {
        return errorResponse(error);
      }
    });
}

const LOOPBACK_HOST = /^(localhost|127(\.\d{1,3}){3}|\[::1\])(:\d+)?$/i;

/** Addressed to this machine itself: the Host header (what the browser asked for) and the URL. */
function addressedToLoopback(request: Request): boolean {
  const host = request.headers.get('host') ?? new URL(request.url).host;
  return LOOPBACK_HOST.test(host) && LOOPBACK_HOST.test(new URL(request.url).host);
}

export interface SessionRouteOptions {
  /** The password-less dev sign-in is on. */
  devLogin: boolean;
  /** ... but only for requests addressed to a loopback host (production with AUTH_DEV_LOGIN=true). */
  devLoginLoopbackOnly?: boolean;
}

export function createSessionRoutes(options: SessionRouteOptions) {
  const POST = guarded(async (request) => {
    // A cross-site page must not sign a visitor in as someone else.
    assertSameOrigin(request);
    if (!options.devLogin) throw new Forbidden('Dev sign-in is disabled (set AUTH_DEV_LOGIN=true to enable it)');
    if (options.devLoginLoopbackOnly && !addressedToLoopback(request)) {
      throw new Forbidden('Dev sign-in answers only requests addressed to localhost in production');
    }
    const parsed = signInInput.safeParse(await readJsonBody(request));
    if (!parsed.success) {
      throw new BadRequest('Invalid input', issueFieldErrors(parsed.error.issues, { whole: 'body' }));
    }
    const user = await User.findBy({ email: User.normalizeEmail(parsed.data.email) });
    const loaded = user ? await loadCurrentUser({ userId: user.id }) : null;
    if (!loaded) throw new Unauthorized('No user with this email');
    return jsonResponse(sessionBody(loaded.user, loaded.memberships), 200, {
      'set-cookie': serializeSessionCookie(await startSession(request, loaded.user.id)),
    });
  });

  const GET = guarded(async (request) => {
    const sessionToken = sessionTokenOf(request);
    const loaded = sessionToken === null ? null : await loadCurrentUser({ sessionToken });
    if (!loaded) throw new Unauthorized();
    return jsonResponse(sessionBody(loaded.user, loaded.memberships));
  });

  const DELETE = guarded(async (request) => {
    assertSameOrigin(request);
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
