/**
 * Rate limits of invitations (backend/rateLimit, docs/rate-limits.md);
 * over them, a 429 with Retry-After:
 *
 * - acceptance, per client address (RATE_LIMIT_INVITATION_ACCEPT): a stolen
 *   or guessed link cannot be tried at speed;
 * - creation, per team (RATE_LIMIT_INVITATION_CREATE): each one mails a link,
 *   so a team's owners (or a stolen owner session) cannot flood inboxes.
 */
import type { AppContext } from './context';
import { clientIp, rateLimit } from './rateLimit';
import { requestOf } from './requestOfContext';

/** Counts one acceptance attempt for the caller's address (in-process calls have no request and are not limited). */
export async function limitInvitationAttempts(context: AppContext): Promise<void> {
  const request = requestOf(context);
  if (request) await rateLimit('invitationAccept', clientIp(request));
}

/** Counts one invitation (one mail) for the team. */
export async function limitInvitationCreation(teamId: number): Promise<void> {
  await rateLimit('invitationCreate', `team:${teamId}`);
}
