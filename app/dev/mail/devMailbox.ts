/**
 * The dev mailbox as the /dev/mail page and its API read it: the mail
 * catcher `npm run dev` starts (scripts/services/mailCatcher.ts), reached at
 * DEV_MAILBOX_URL. Never in production: there the page and the API are 404s
 * whatever the variables say.
 *
 * Every entry (the page, its Empty action, the JSON route) asks
 * `devMailboxAllowed(request)` first: the mails hold reset, verification and
 * invitation links, so a page that could read them could take an account.
 */
import 'server-only';
import { addressedAsApp } from '@/backend/addressedAsApp';
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

/**
 * False in production, and for a request that did not reach the app under a
 * loopback host name or APP_URL's (a DNS-rebinding page, which the browser
 * lets read what it fetches, backend/addressedAsApp.ts): callers answer as
 * production does, 404.
 */
export function devMailboxAllowed(request: Request): boolean {
  return env.NODE_ENV !== 'production' && addressedAsApp(request);
}

/** The catcher's API, or undefined when mail goes elsewhere (SMTP_URL set by you, or MAIL_TRANSPORT); never in production. */
export function devMailboxUrl(): string | undefined {
  return env.NODE_ENV !== 'production' ? env.DEV_MAILBOX_URL : undefined;
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
