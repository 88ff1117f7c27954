/**
 * Outgoing mail, behind one small interface: invitations use it today, and
 * password resets can use the same one. The template sends nothing by itself;
 * plug a provider in once at start-up (instrumentation.node.ts or the module
 * that builds your API), for example:
 *
 *   import { setMailer } from '@/controllers/mailer';
 *   setMailer(async (mail) => {
 *     await resend.emails.send({ from: 'Acme <team@acme.test>', to: mail.to, subject: mail.subject, text: mail.text });
 *   });
 *
 * Without one: development logs each mail (links included) through the app's
 * logger, so a developer can click them; production logs a warning that the
 * mail was NOT sent (never pretends it was). Outside production the last few
 * mails are also kept in memory for tests (`sentMails()`).
 */
import { env } from '@/env';
import { logger } from '@/server';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export type Mailer = (mail: Mail) => Promise<void>;

/** How many recent mails `sentMails()` keeps (outside production only: they carry secret links). */
const KEEP_RECENT = 20;

// On globalThis: Next.js may evaluate this module more than once (route bundles, dev reloads),
// and a mailer set in one copy must serve them all.
const state = globalThis as typeof globalThis & { __appMailer?: Mailer; __appRecentMails?: Mail[] };

/** Sets the mailer every `sendMail` goes through (null: back to the default, which sends nothing). */
export function setMailer(mailer: Mailer | null): void {
  state.__appMailer = mailer ?? undefined;
}

/** Sends `mail` through the configured mailer; a failure of the mailer rejects. */
export async function sendMail(mail: Mail): Promise<void> {
  if (env.NODE_ENV !== 'production') {
    state.__appRecentMails ??= [];
    const recent = state.__appRecentMails;
    recent.push(mail);
    if (recent.length > KEEP_RECENT) recent.splice(0, recent.length - KEEP_RECENT);
  }
  const mailer = state.__appMailer;
  if (mailer) return mailer(mail);
  if (env.NODE_ENV === 'production') {
    logger().warn({ to: mail.to, subject: mail.subject }, 'No mailer configured (setMailer): this mail was NOT sent');
    return;
  }
  logger().info({ to: mail.to, subject: mail.subject, text: mail.text }, `Mail to ${mail.to} (not sent: no mailer)`);
}

/** The most recent mails, oldest first (kept outside production only): for tests and debugging. */
export function sentMails(): readonly Mail[] {
  return [...(state.__appRecentMails ?? [])];
}

/** Forgets the kept mails (tests). */
export function clearSentMails(): void {
  state.__appRecentMails = [];
}
