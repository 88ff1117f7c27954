/**
 * The dev mailbox as the /dev/mail page and its API read it: the mail
 * catcher `npm run dev` starts (scripts/services/mailCatcher.ts), reached at
 * DEV_MAILBOX_URL. Never in production: there the page and the API are 404s
 * whatever the variables say.
 */
import 'server-only';
import { env } from '@/env';

/** One caught mail (the catcher's JSON). */
export interface DevMail {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  links: string[];
}

/** False in production: callers answer 404. */
export function devMailboxAllowed(): boolean {
  return env.NODE_ENV !== 'production';
}

/** The catcher's API, or undefined when mail goes elsewhere (SMTP_URL set by you, or MAIL_TRANSPORT). */
export function devMailboxUrl(): string | undefined {
  return devMailboxAllowed() ? env.DEV_MAILBOX_URL : undefined;
}

/** The caught mails, newest first (optionally only those to `to`). Throws when the catcher is unreachable. */
export async function listDevMails(to?: string): Promise<DevMail[]> {
  const base = devMailboxUrl();
  if (!base) return [];
  const url = new URL('/messages', base);
  if (to) url.searchParams.set('to', to);
  const response = await fetch(url, { cache: 'no-store', signal: AbortSignal.timeout(5_000) });
  if (!response.ok) throw new Error(`the mail catcher answered ${response.status}`);
  return ((await response.json()) as { messages: DevMail[] }).messages;
}

/** Empties the mailbox. */
export async function clearDevMails(): Promise<void> {
  const base = devMailboxUrl();
  if (base) await fetch(new URL('/messages', base), { method: 'DELETE', signal: AbortSignal.timeout(5_000) });
}
