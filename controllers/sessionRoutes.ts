/**
 * `/api/session`: dev sign-in by email, who am I, sign out. The route file
 * (app/api/session/route.ts) only binds these handlers; they live here so
 * tests can build them with dev sign-in on or off.
 *
 *   POST   {email}  -> 200 {user, teams} + session cookie   (dev sign-in)
 *   GET             -> 200 {user, teams: [{id, name, role}]}, or 401
 *   DELETE          -> 200 {success: true}, cookie cleared
 *
 * Errors use the API's JSON body: malformed JSON or a bad email 400 (with
 * `fields`), unknown email 401, dev sign-in disabled 403, other methods 405.
 *
 * Replace POST with your real sign-in (OAuth callback, password, magic link):
 * whatever proves who the user is ends with `session.userId = user.id; await
 * session.save()`.
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
import { getSession, sessionUserId } from './session';

export interface SessionBody {
  user: CurrentUser;
  teams: { id: number; name: string; role: NamedMembership['role'] }[];
}

const ALLOW = 'GET, POST, DELETE';
const signInInput = z.object({
  email: z.string("can't be blank").trim().max(255).pipe(z.email('is not a valid email address')),
});

function sessionBody(user: CurrentUser, memberships: NamedMembership[]): SessionBody {
  return { user, teams: memberships.map(({ teamId, teamName, role }) => ({ id: teamId, name: teamName, role })) };
}

/** Runs a handler; anything thrown becomes the API's JSON error response. */
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

export function createSessionRoutes(options: { devLogin: boolean }) {
  const POST = guarded(async (request) => {
    // A cross-site page must not sign a visitor in as someone else.
    assertSameOrigin(request);
    if (!options.devLogin) throw new Forbidden('Dev sign-in is disabled (set AUTH_DEV_LOGIN=true to enable it)');
    const parsed = signInInput.safeParse(await readJsonBody(request));
    if (!parsed.success) {
      throw new BadRequest('Invalid input', issueFieldErrors(parsed.error.issues, { whole: 'body' }));
    }
    const user = await User.findBy({ email: User.normalizeEmail(parsed.data.email) });
    const loaded = user ? await loadCurrentUser(user.id) : null;
    if (!loaded) throw new Unauthorized('No user with this email');
    const response = jsonResponse(sessionBody(loaded.user, loaded.memberships));
    const session = await getSession(request, response);
    session.userId = loaded.user.id;
    await session.save();
    return response;
  });

  const GET = guarded(async (request) => {
    const userId = await sessionUserId(request);
    const loaded = userId === null ? null : await loadCurrentUser(userId);
    if (!loaded) throw new Unauthorized();
    return jsonResponse(sessionBody(loaded.user, loaded.memberships));
  });

  const DELETE = guarded(async (request) => {
    assertSameOrigin(request);
    const response = jsonResponse({ success: true });
    (await getSession(request, response)).destroy();
    return response;
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
