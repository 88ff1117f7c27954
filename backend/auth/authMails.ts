/**
 * The mails better-auth asks for (backend/auth/auth.ts wires them in):
 * password reset, email verification (REQUIRE_EMAIL_VERIFICATION=true) and
 * the "password changed" notice after a change or a reset. Each is rendered
 * from its template (backend/mail/templates/) and queued for the
 * `mail-delivery` job; links are rebased on the public origin (mailLink).
 *
 * The endpoints that call these run inside one `transaction()` (authRoutes.ts
 * `withItsMail`), and better-auth's queries join it (auth.ts): the token row
 * and the queued mail commit together, or neither does.
 */
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { User } from '@/db/models';
import { logger } from '@/server';
import { enqueueMail } from '../mail/enqueueMail';
import { mailLink } from '../mail/mailLink';
import { emailVerificationMail } from '../mail/templates/emailVerification';
import { passwordChangedMail } from '../mail/templates/passwordChanged';
import { passwordResetMail } from '../mail/templates/passwordReset';
import { withinLimit } from '../rateLimit';

interface LinkMailData {
  user: { email: string };
  url: string;
}

export async function sendPasswordResetMail({ user, url }: LinkMailData, request?: Request): Promise<void> {
  await enqueueMail(user.email, passwordResetMail({ email: user.email, link: mailLink(url, { request }) }));
}

/**
 * Sign-up, a resend (`/send-verification-email`) and a sign-in with the right password before the
 * address is confirmed each mail a new link. Whatever asked, an address gets at most
 * RATE_LIMIT_VERIFICATION_EMAIL of them; over it, nothing is sent and the caller's answer is unchanged
 * (a 429 would tell a stranger the address was asked for).
 */
export async function sendVerificationMail({ user, url }: LinkMailData, request?: Request): Promise<void> {
  if (!(await withinLimit('verificationEmail', User.normalizeEmail(user.email)))) {
    logger().info('verification mail not sent: the address is over its limit (RATE_LIMIT_VERIFICATION_EMAIL)');
    return;
  }
  await enqueueMail(user.email, emailVerificationMail({ email: user.email, link: mailLink(url, { request }) }));
}

export async function sendPasswordChangedMail({ user }: { user: { email: string } }, request?: Request): Promise<void> {
  const resetLink = mailLink('/forgot-password', { request });
  await enqueueMail(user.email, passwordChangedMail({ email: user.email, resetLink }));
}

/** better-auth's after-hook: the notice once `/change-password` has succeeded (a reset has `onPasswordReset`). */
export const passwordChangeHook = createAuthMiddleware(async (ctx) => {
  if (ctx.path !== '/change-password') return;
  const returned = ctx.context.returned as { user?: { email?: unknown } } | undefined;
  if (!returned || isAPIError(returned) || typeof returned.user?.email !== 'string') return;
  await sendPasswordChangedMail({ user: { email: returned.user.email } }, ctx.request);
});
