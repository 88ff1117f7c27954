/**
 * Password attempts under the failed sign-in limits (backend/rateLimit, guard `signIn`): password
 * sign-in, and the endpoints that check a signed-in user's current password. Guesses at either add up
 * on the same (account, IP) and per-IP counts; only a wrong password counts (docs/rate-limits.md).
 */
import { assertNotBlocked, clearFailures, clientIp, forgiveAttempt, type GuardKeys } from '../rateLimit';
import { auth } from './auth';

/** better-auth's codes for a wrong password: sign-in answers them with a 401, the signed-in password checks with a 400. */
const WRONG_PASSWORD_CODES = new Set<unknown>(['INVALID_EMAIL_OR_PASSWORD', 'INVALID_PASSWORD']);

/**
 * Settles the attempt assertNotBlocked counted: a success clears this account's count from this IP, and
 * only a wrong password stays counted. Any other answer (a malformed body, a too-short new password, an
 * unverified email, a server error) tested no password, or the right one, and is given back: counted, five
 * slips in a form locked the account out for the limit's window.
 */
async function settleAttempt(response: Response, keys: GuardKeys<'signIn'>): Promise<void> {
  if (response.ok) return clearFailures('signIn', keys);
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  if (!WRONG_PASSWORD_CODES.has(body?.code)) await forgiveAttempt('signIn', keys);
}

/** Password sign-in (`run` asks better-auth) under both failure limits of `email` from this address. */
export async function signInWithLimits(
  request: Request,
  email: string,
  run: () => Promise<Response>,
): Promise<Response> {
  const keys = { email, ip: clientIp(request) };
  await assertNotBlocked('signIn', keys);
  const response = await run();
  await settleAttempt(response, keys);
  return response;
}

/**
 * Endpoints that compare the signed-in user's current password. Unlimited, they made a stolen session a
 * password oracle: guess after guess, never meeting the failed sign-in limits.
 */
export const PASSWORD_CHECK_PATHS = new Set(['/change-password', '/verify-password', '/delete-user']);

/**
 * A password check (`run` asks better-auth) under the failed sign-in limits of the session's account and
 * this address. Without a session, better-auth answers 401 and nothing is counted.
 */
export async function passwordCheckWithLimits(request: Request, run: () => Promise<Response>): Promise<Response> {
  // disableRefresh: reading the session must not extend it (only get-session does, auth.ts).
  const session = await auth().api.getSession({ headers: request.headers, query: { disableRefresh: true } });
  if (!session) return run();
  return signInWithLimits(request, session.user.email, run);
}
