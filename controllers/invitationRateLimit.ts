/**
 * Rate limit of invitation acceptance, per client address (issue 16): a
 * stolen or guessed link cannot be tried at speed. The limit and its default
 * live with the app's other limits (controllers/rateLimit, env
 * RATE_LIMIT_INVITATION_ACCEPT); over it, a 429 with Retry-After.
 */
import type { AppContext } from './context';
import { clientIp, rateLimit } from './rateLimit';
import { requestOf } from './requestOfContext';

/** Counts one acceptance attempt for the caller's address (in-process calls have no request and are not limited). */
export async function limitInvitationAttempts(context: AppContext): Promise<void> {
  const request = requestOf(context);
  if (request) await rateLimit('invitationAccept', clientIp(request));
}
