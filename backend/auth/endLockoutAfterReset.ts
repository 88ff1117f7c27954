import { clearAccountFailures, clientIp } from '../rateLimit';

/**
 * After a password reset (better-auth's `onPasswordReset`): the mailbox proved the account, so this
 * address's failed sign-in count on it ends and the new password works at once. Without it, the usual
 * path (a few wrong guesses, then "Forgot your password?") ended locked out for the limit's window.
 * The per-address limit keeps its count. Called without a request (a server-side reset), there is no
 * address to clear.
 */
export async function endLockoutAfterReset(email: string, request: Request | undefined): Promise<void> {
  if (request) await clearAccountFailures('signIn', { email, ip: clientIp(request) });
}
