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
 * The request addressed a loopback host name, or APP_URL's host when it is set: both the `Host` the
 * browser sent, which no page can set, and the origin the app builds links from (a trusted proxy's
 * X-Forwarded-Host, else `Host`). The raw `Host` counts because with TRUST_PROXY trusting loopback (a
 * proxy on the developer's machine) the browser's own connections are trusted too, and a page may
 * write X-Forwarded-Host itself.
 *
 * For a door a browser reaches with GET (a page, JSON), where no `Origin`
 * comes to refuse: the dev sign-in's POST refuses a foreign Origin instead,
 * and checks this only without APP_URL. Host names only: the port is the
 * server's whatever name reached it, the name is what a rebinding page picks.
 */
export function addressedAsApp(request: Request): boolean {
  const host = request.headers.get('host');
  const sent = host ? `http://${host}` : request.url;
  return [sent, requestOrigin(request)].every(isAppHostName);
}

function isAppHostName(origin: string | undefined): boolean {
  if (isLoopbackHostName(origin)) return true;
  if (!env.APP_URL || !origin || !URL.canParse(origin)) return false;
  return new URL(origin).hostname === new URL(env.APP_URL).hostname;
}
