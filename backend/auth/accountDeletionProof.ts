/**
 * What deleting an account (`POST /api/auth/delete-user`) takes besides a live
 * session, checked by authRoutes.ts before better-auth runs:
 *
 * - an account with a password: that password (`{"password": "..."}`), which
 *   better-auth then checks; a wrong one counts against the failed sign-in
 *   limits (passwordAttempts.ts). A browser left signed in is not enough.
 * - an account without one (OAuth only, hasPassword.ts): a sign-in within the
 *   last DELETION_SIGN_IN_WINDOW_SECONDS. Its owner proved who they are
 *   moments ago, with their provider, as a password would prove it now. An
 *   older session is a 403 asking them to sign in again; a password sent for
 *   such an account is a 400 (there is none to check).
 *
 * better-auth alone would delete any account on a session under a day old
 * with no password at all (its `session.freshAge`), and answer an OAuth-only
 * account that sends one with a vague 400 "Credential account not found".
 *
 * Customise the window here. Keep it under better-auth's `session.freshAge`
 * (auth.ts; a day unless set), which it applies to the same request after this
 * check; that setting also governs list-sessions and unlink-account, so it is
 * left alone.
 */
import { BadRequest, Forbidden } from '@/server';
import { hasPassword } from './hasPassword';
import { liveSessionOf } from './liveSession';

/** How recent a sign-in deletes an account that has no password: 10 minutes. */
export const DELETION_SIGN_IN_WINDOW_SECONDS = 10 * 60;

/** The 403's words: what to do, and why. */
export const SIGN_IN_AGAIN_MESSAGE =
  `Sign in again to delete your account: an account without a password can be deleted only within ` +
  `${DELETION_SIGN_IN_WINDOW_SECONDS / 60} minutes of signing in.`;

/**
 * Refuses a deletion that does not prove its user (400 or 403); returns when better-auth may go on.
 * `body` is the request's JSON as read: a body that is not an object says nothing and deletes nothing.
 */
export async function assertAccountDeletionProof(request: Request, body: unknown): Promise<void> {
  if (body !== null && (typeof body !== 'object' || Array.isArray(body))) {
    throw new BadRequest('Invalid body', { body: ['must be a JSON object'] });
  }
  const password = body === null ? undefined : (body as Record<string, unknown>).password;
  // Read as "no password" a number or a list would have deleted an account that has none.
  if (password !== undefined && typeof password !== 'string') {
    throw new BadRequest('Invalid input', { password: ['must be a string'] });
  }
  const session = await liveSessionOf(request);
  if (await hasPassword(session.userId)) {
    if (!password) throw new BadRequest('Invalid input', { password: ["can't be blank"] });
    return;
  }
  if (password) throw new BadRequest('Invalid input', { password: ['is not set for this account'] });
  // The same clock and column as better-auth's own freshness check.
  if (Date.now() - session.createdAt.getTime() >= DELETION_SIGN_IN_WINDOW_SECONDS * 1000) {
    throw new Forbidden(SIGN_IN_AGAIN_MESSAGE);
  }
}
