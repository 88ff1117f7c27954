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
import { enqueueMail } from '../mail/enqueueMail';
import { mailLink } from '../mail/mailLink';
import { emailVerificationMail } from '../mail/templates/emailVerification';
import { passwordChangedMail } from '../mail/templates/passwordChanged';
import { passwordResetMail } from '../mail/templates/passwordReset';

interface LinkMailData {
  user: { email: string };
  url: string;
}

export async function sendPasswordResetMail({ user, url }: LinkMailData, request?: Request): Promise<void> {
  await enqueueMail(user.email, passwordResetMail({ email: user.email, link: mailLink(url, { request }) }));
}

export async function sendVerificationMail({ user, url }: LinkMailData, request?: Request): Promise<void> {
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
