/**
 * Outgoing mail, behind one small interface. Mails are rendered from
 * templates (backend/mail/templates/) and queued with `enqueueMail`
 * (backend/mail/enqueueMail.ts); the `mail-delivery` job hands each one to
 * `sendMail` here, which delivers it through one transport:
 *
 * - `setMailer(fn)`: your provider's HTTP API (Resend, Postmark, SES ...; set
 *   MAIL_TRANSPORT=custom so production knows mail is handled), e.g. in
 *   instrumentation.node.ts:
 *
 *     setMailer(async (mail) => {
 *       await resend.emails.send({ from: mail.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
 *     });
 *
 * - else SMTP_URL: nodemailer over SMTP (STARTTLS when the server offers it).
 * - else the log: the whole mail goes to the app's logger (MAIL_TRANSPORT=log,
 *   or outside production with nothing set). A production server refuses to
 *   start without SMTP_URL or MAIL_TRANSPORT (env.ts).
 *
 * Outside production the last few mails are also kept in memory (`sentMails()`), for tests.
 * docs/mail.md.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import { env, mailTransport } from '@/env';
import { logger } from '@/server';

export interface Mail {
  to: string;
  subject: string;
  /** The plain-text part. */
  text: string;
  /** The HTML part. */
  html: string;
  /** Default MAIL_FROM. */
  from?: string;
}

/** What a transport receives: `from` filled in. */
export type OutgoingMail = Mail & { from: string };

export type Mailer = (mail: OutgoingMail) => Promise<void>;

/** How many recent mails `sentMails()` keeps (outside production only: they carry secret links). */
const KEEP_RECENT = 20;

// On globalThis: Next.js may evaluate this module more than once (route bundles, dev reloads),
// and a mailer set in one copy must serve them all.
const state = globalThis as typeof globalThis & {
  __appMailer?: Mailer;
  __appRecentMails?: OutgoingMail[];
  __appSmtp?: { url: string; transporter: Transporter };
};

/** Sets the mailer every `sendMail` goes through (null: back to SMTP_URL or the log). */
export function setMailer(mailer: Mailer | null): void {
  state.__appMailer = mailer ?? undefined;
}

/**
 * Delivers `mail` now through the configured transport; a failure rejects (the
 * delivery job then retries). Requests do not call this: they `enqueueMail`.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const outgoing: OutgoingMail = { ...mail, from: mail.from ?? env.MAIL_FROM };
  if (env.NODE_ENV !== 'production') {
    state.__appRecentMails ??= [];
    const recent = state.__appRecentMails;
    recent.push(outgoing);
    if (recent.length > KEEP_RECENT) recent.splice(0, recent.length - KEEP_RECENT);
  }
  const mailer = state.__appMailer;
  if (mailer) return mailer(outgoing);
  const transport = mailTransport(env);
  if (transport === 'custom') throw new Error('MAIL_TRANSPORT=custom, but no mailer is set (setMailer)');
  if (transport === 'smtp' && env.SMTP_URL) {
    await smtpTransporter(env.SMTP_URL).sendMail(outgoing);
    return;
  }
  logger().info(
    { to: outgoing.to, from: outgoing.from, subject: outgoing.subject, text: outgoing.text },
    `Mail to ${outgoing.to} (logged, not sent: ${transport === 'log' ? 'MAIL_TRANSPORT=log' : 'no SMTP_URL'})`,
  );
}

/** One nodemailer transport per SMTP URL (a new connection per mail; no pool to keep alive between jobs). */
function smtpTransporter(url: string): Transporter {
  if (state.__appSmtp?.url !== url) {
    state.__appSmtp = {
      url,
      transporter: nodemailer.createTransport({
        url,
        // Fail fast when the server is unreachable or hangs: the job retries with backoff.
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    };
  }
  return state.__appSmtp.transporter;
}

/** The most recent mails, oldest first (kept outside production only): for tests and debugging. */
export function sentMails(): readonly OutgoingMail[] {
  return [...(state.__appRecentMails ?? [])];
}

/** Forgets the kept mails (tests). */
export function clearSentMails(): void {
  state.__appRecentMails = [];
}
