/**
 * The password-less dev sign-in, ONE rule for both ways in: `POST
 * /api/session {"email"}` (backend/sessionRoutes.ts) and the /sign-in
 * page's server action (app/sign-in/actions.ts). Each only turns the outcome
 * into its own answer (JSON, or the form's error text).
 *
 * - Off in production unless AUTH_DEV_LOGIN=true; on elsewhere unless
 *   AUTH_DEV_LOGIN=false (env.ts `devLoginEnabled`).
 * - In production, only for a client on this machine: the client address as
 *   the server resolved it from the socket (backend/rateLimit/clientIp.ts),
 *   never the Host header, which any client writes. Behind a proxy on the
 *   same machine, set TRUST_PROXY, or every proxied client counts as local.
 * - An `Origin` other than the app's is refused (a DNS-rebinding page reaches
 *   a local server under its own name, and its Origin says so).
 * - Without APP_URL (development), the app's origin is the Host the browser
 *   addressed, which a DNS-rebinding page names itself, Origin included: then
 *   only `localhost`, a name under it, or a loopback address is served
 *   (backend/addressedAsApp.ts, the dev mailbox's guard too). Set APP_URL to
 *   sign in under another name (a LAN address, a tunnel).
 *
 * The session it starts is the same kind better-auth's password sign-in
 * starts (backend/session.ts); the cookie is returned, for the caller to
 * set in its own way (a Set-Cookie header, or Next's `cookies()`).
 */
import { z } from 'zod';
import { User } from '@/db/models';
import { devLoginEnabled, env } from '@/env';
import { BadRequest, Forbidden, issueFieldErrors, Unauthorized } from '@/server';
import { isLoopbackHostName } from './addressedAsApp';
import { appOrigin } from './appOrigin';
import { type CurrentUser, loadCurrentUser, type NamedMembership } from './context';
import { clientAddress, isLoopbackAddress } from './rateLimit';
import { type SessionCookie, startSession } from './session';

export interface DevSignInRule {
  /** The dev sign-in is on. */
  enabled: boolean;
  /** ... but only for clients on this machine (production). */
  loopbackOnly: boolean;
  /** ... and only under a loopback host name (no APP_URL: the app's origin is whatever Host says). */
  loopbackHostOnly: boolean;
}

/** The rule from the environment: env.ts `devLoginEnabled`, loopback only in production, and without APP_URL. */
function devSignInRule(): DevSignInRule {
  return { enabled: devLoginEnabled, loopbackOnly: env.NODE_ENV === 'production', loopbackHostOnly: !env.APP_URL };
}

const input = z.object({
  email: z
    // A message given to z.string() itself would also replace the max-length one: name only the missing value.
    .string({ error: (issue) => (issue.input === undefined ? "can't be blank" : 'must be a string') })
    .trim()
    .min(1, "can't be blank")
    .max(255, 'is too long (maximum is 255 characters)')
    .pipe(z.email('is not a valid email address')),
});

export interface DevSignedIn {
  user: CurrentUser;
  memberships: NamedMembership[];
  cookie: SessionCookie;
}

/**
 * Signs the user with `body.email` in, or throws: 403 (off, not loopback,
 * foreign Origin), 400 (bad email, with `fields`), 401 (no such user).
 */
export async function devSignIn(
  request: Request,
  body: unknown,
  rule: DevSignInRule = devSignInRule(),
): Promise<DevSignedIn> {
  if (!rule.enabled) throw new Forbidden('Dev sign-in is disabled (set AUTH_DEV_LOGIN=true to enable it)');
  if (rule.loopbackOnly && !isLoopbackAddress(clientAddress(request))) {
    throw new Forbidden('Dev sign-in answers only clients on this machine (loopback) in production');
  }
  if (rule.loopbackHostOnly && !isLoopbackHostName(appOrigin(request))) {
    throw new Forbidden('Dev sign-in answers only localhost unless APP_URL names the app (set it to use another host)');
  }
  const origin = request.headers.get('origin');
  if (origin !== null && (!URL.canParse(origin) || new URL(origin).origin !== appOrigin(request))) {
    throw new Forbidden('Cross-site request refused');
  }
  const parsed = input.safeParse(body);
  if (!parsed.success) throw new BadRequest('Invalid input', issueFieldErrors(parsed.error.issues, { whole: 'body' }));
  const user = await User.findBy({ email: User.normalizeEmail(parsed.data.email) });
  const loaded = user ? await loadCurrentUser({ userId: user.id }) : null;
  if (!loaded) throw new Unauthorized('No user with this email');
  return { ...loaded, cookie: await startSession(request, loaded.user.id) };
}
