/**
 * Rate limits of invitations (backend/rateLimit, docs/rate-limits.md);
 * over them, a 429 with Retry-After:
 *
 * - acceptance, per client address (RATE_LIMIT_INVITATION_ACCEPT): a stolen
 *   or guessed link cannot be tried at speed;
 * - lookup, per client address (RATE_LIMIT_INVITATION_LOOKUP): anyone may ask
 *   what a token names without signing in; tokens are 256-bit, so this only
 *   bounds the noise and database load of one address guessing. Its own
 *   count: viewing links never spends an invitee's accept attempts;
 * - creation, per team (RATE_LIMIT_INVITATION_CREATE), per inviting user
 *   across their teams (RATE_LIMIT_INVITATION_USER) and per invited address
 *   across all teams (RATE_LIMIT_INVITATION_ADDRESS): each one mails a link
 *   from the app's own sender, so neither a team's owners nor one account
 *   with teams of its own (any user may create some) can flood an inbox or
 *   send the app's mail to addresses by the thousand.
 */
import { User } from '@/db/models';
import type { AppContext } from './context';
import { clientIp, rateLimit } from './rateLimit';
import { requestOf } from './requestOfContext';

/** Counts one acceptance attempt for the caller's address (calls without a request, such as a script's, are not limited). */
export async function limitInvitationAttempts(context: AppContext): Promise<void> {
  const request = requestOf(context);
  if (request) await rateLimit('invitationAccept', clientIp(request));
}

/** Counts one lookup of a token for the caller's address: over the API and from the invitation page alike. */
export async function limitInvitationLookups(context: AppContext): Promise<void> {
  const request = requestOf(context);
  if (request) await rateLimit('invitationLookup', clientIp(request));
}

/** Counts one invitation (one mail) for the team, the inviter and the address (`email` as sent; not a string: not counted, the validation refuses it). */
export async function limitInvitationCreation(teamId: number, inviterId: number, email: unknown): Promise<void> {
  await rateLimit('invitationCreate', `team:${teamId}`);
  await rateLimit('invitationUser', `user:${inviterId}`);
  if (typeof email === 'string') await rateLimit('invitationAddress', User.normalizeEmail(email));
}
