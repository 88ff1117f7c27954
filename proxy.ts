/**
 * Next.js proxy (the Next 16 name of middleware): runs before every page.
 *
 * - Security headers on every page: what they are and where to customise
 *   them is app/lib/securityHeaders.ts (docs/security.md).
 * - A fresh CSP nonce per page request, put on the request's own
 *   Content-Security-Policy header too: Next.js reads the nonce there and
 *   stamps it on its scripts, so hydration runs under a policy without
 *   'unsafe-inline'. Every page is rendered per request (the root layout reads
 *   the session), so each gets its own nonce.
 * - The page's own path and query, as `x-page-path` (app/lib/pagePath.ts): a server component
 *   cannot read its URL, and a team page that sends a signed-out visitor to
 *   sign in names it as `?next=` (app/lib/requireTeam.ts). Set here, so a
 *   client cannot choose it.
 * - Pages never see `Authorization`: it means "act as this API key" to the
 *   API only. Pages authenticate with the session cookie; a header a proxy in
 *   front adds (HTTP Basic on a staging site) or a garbled Bearer used to turn
 *   pages that call the API in-process into 500s.
 *
 * Not for /api: the API's headers are static (next.config.ts sets them from
 * app/lib/apiSecurityHeaders.ts), and running the proxy costs about 1 ms of
 * CPU per request, as much as Next's whole handling of a small JSON route
 * (docs/performance.md). Add /api back to the matcher only for something
 * that must run per API request before its route does.
 *
 * TRACE, unknown methods and paths that do not decode are answered before
 * Next.js runs (server/http/refuseUnservableRequests.ts): Next fails on them
 * before this proxy is called. So is OPTIONS on a page (204, `Allow: GET,
 * HEAD, OPTIONS`), which Next would answer with an empty 400.
 */
import { type NextRequest, NextResponse } from 'next/server';
import { PAGE_PATH_HEADER } from '@/app/lib/pagePath';
import { createNonce, pageContentSecurityPolicy, pageSecurityHeaders } from '@/app/lib/securityHeaders';

function withHeaders(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export function proxy(request: NextRequest): NextResponse {
  const csp = pageContentSecurityPolicy(createNonce());
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  requestHeaders.delete('authorization');
  const url = request.nextUrl.clone();
  url.searchParams.delete('_rsc'); // a client-side navigation's own marker, not part of the page's address
  requestHeaders.set(PAGE_PATH_HEADER, url.pathname + url.search);
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), pageSecurityHeaders(csp));
}

export const config = {
  // Every page: not /api (see above), nor the build's hashed static files (served as they are, by the CDN in front if any).
  matcher: ['/((?!api/|api$|_next/static|_next/image).*)'],
};
