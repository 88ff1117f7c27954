/**
 * Limits on the better-auth endpoints that send mail (and mint the token the
 * mail carries), checked before better-auth runs (authRoutes.ts):
 *
 * - password-reset requests and verification-mail resends: per client IP
 *   (429); reset requests also per address, where going over answers exactly
 *   what better-auth answers anyway and sends nothing. A 429 per address would
 *   tell a caller that the address was asked for recently; the usual answer
 *   tells nothing, whether or not an account exists. Verification mails are
 *   limited per address where they are sent (authMails.ts), since sign-up and
 *   sign-in send them too;
 * - email changes: per signed-in user (429).
 *
 * The limits and their variables: backend/rateLimit, docs/rate-limits.md.
 * Another mail-sending endpoint (a magic-link plugin, say): a case here.
 */
import { User } from '@/db/models';
import { jsonResponse } from '@/server';
import { clientIp, type LimitName, rateLimit, withinLimit } from '../rateLimit';
import { liveSessionOf } from './liveSession';

/** Per-address limits, and the answer better-auth gives to every request of that endpoint. */
const PER_ADDRESS: Record<string, { limit: LimitName; answer: Record<string, unknown> }> = {
  '/request-password-reset': {
    limit: 'passwordReset',
    answer: { status: true, message: 'If this email exists in our system, check your email for the reset link' },
  },
};

/** Endpoints limited per client IP only (per address where their mail is sent). */
const PER_IP_ONLY = new Set(['/send-verification-email']);

/**
 * Counts a request to `path` (under /api/auth) against its limits: throws the
 * 429s, and returns the usual answer when a silent per-address limit is used
 * up (the caller then skips better-auth). null: go on.
 */
export async function limitMailRequest(
  path: string,
  request: Request,
  body: Record<string, unknown>,
): Promise<Response | null> {
  if (path === '/change-email') {
    // No session is a 401 here: were better-auth ever to find one this lookup does not, its mail would escape the limit.
    const { userId } = await liveSessionOf(request);
    await rateLimit('changeEmail', `user:${userId}`);
    return null;
  }
  const perAddress = PER_ADDRESS[path];
  if (!perAddress && !PER_IP_ONLY.has(path)) return null;
  await rateLimit('authMailIp', clientIp(request));
  if (!perAddress) return null;
  // No email: better-auth's own 400.
  if (typeof body.email !== 'string' || body.email === '') return null;
  if (await withinLimit(perAddress.limit, User.normalizeEmail(body.email))) return null;
  return jsonResponse(perAddress.answer);
}
