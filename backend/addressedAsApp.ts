/**
 * Whether a request reached the app under a host name a DNS-rebinding page
 * cannot take: the guard of the development-only doors (the dev sign-in,
 * backend/devSignIn.ts; the dev mailbox, app/dev/mail/devMailbox.ts).
 *
 * A rebinding page resolves its own name (evil.example) to 127.0.0.1, so the
 * developer's browser sends its requests to the local server as same-origin
 * ones and lets the page read the answers: `Host`, and `Origin` when sent,
 * name the page's domain. It can name neither `localhost` nor a loopback
 * address, nor the host of APP_URL (a name the developer chose).
 */
import { env } from '@/env';
import { requestOrigin } from '@/server';
import { isLoopbackAddress } from './rateLimit';

/** `localhost`, a name under it, or a loopback address: names a DNS-rebinding page cannot take. */
export function isLoopbackHostName(origin: string | undefined): boolean {
  if (!origin || !URL.canParse(origin)) return false;
  const host = new URL(origin).hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || isLoopbackAddress(host);
}

/**
 * The origin the request addressed (`Host`, or a trusted proxy's
 * X-Forwarded-Host) names a loopback host, or APP_URL's host when it is set.
 *
 * For a door a browser reaches with GET (a page, JSON), where no `Origin`
 * comes to refuse: the dev sign-in's POST refuses a foreign Origin instead,
 * and checks this only without APP_URL. Host names only: the port is the
 * server's whatever name reached it, the name is what a rebinding page picks.
 */
export function addressedAsApp(request: Request): boolean {
  const addressed = requestOrigin(request);
  if (isLoopbackHostName(addressed)) return true;
  if (!env.APP_URL || !addressed) return false;
  return new URL(addressed).hostname === new URL(env.APP_URL).hostname;
}
