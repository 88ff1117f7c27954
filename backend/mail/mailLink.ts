/**
 * Every link in a mail is made absolute here, on the app's public origin
 * (backend/appOrigin.ts): APP_URL when set (production requires it), else,
 * in development, the origin the browser addressed. A mail is read outside the app, so a relative link would
 * not work; set APP_URL in production so links never depend on a Host header.
 */
import { appOrigin } from '../appOrigin';
import { requestOf } from '../requestOfContext';

/** What tells the origin: an API action's context, or the request better-auth hands its callbacks. */
export type LinkSource = { context: object } | { request?: Request };

/** The public origin for links in mails (backend/appOrigin.ts), or '' when nothing names one. */
export function mailOrigin(source: LinkSource): string {
  return appOrigin('context' in source ? requestOf(source.context) : source.request) ?? '';
}

/**
 * `pathOrUrl` (a path, or a URL another library built, such as better-auth's
 * reset link) as an absolute link on the public origin: path, query and
 * fragment kept, origin replaced. Without a known origin a URL stays as given.
 */
export function mailLink(pathOrUrl: string, source: LinkSource): string {
  const origin = mailOrigin(source);
  const parsed = new URL(pathOrUrl, origin || 'http://localhost');
  if (!origin) return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : parsed.toString();
  return `${origin}${parsed.pathname}${parsed.search}${parsed.hash}`;
}
