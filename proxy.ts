/**
 * Next.js proxy (the Next 16 name of middleware): runs before every route.
 *
 * - Security headers on every page and API response: what they are and where
 *   to customise them is app/lib/securityHeaders.ts (docs/security.md).
 * - A fresh CSP nonce per page request, put on the request's own
 *   Content-Security-Policy header too: Next.js reads the nonce there and
 *   stamps it on its scripts, so hydration runs under a policy without
 *   'unsafe-inline'. Every page is rendered per request (the root layout reads
 *   the session), so each gets its own nonce.
 * - Pages never see `Authorization`: it means "act as this API key" to the
 *   API only. Pages authenticate with the session cookie; a header a proxy in
 *   front adds (HTTP Basic on a staging site) or a garbled Bearer used to turn
 *   pages that call the API in-process into 500s.
 *
 * TRACE is answered before Next.js runs (server/http/refuseTraceMethods.ts):
 * Next fails on it before this proxy is called.
 */
import { type NextRequest, NextResponse } from 'next/server';
import {
  apiSecurityHeaders,
  createNonce,
  pageContentSecurityPolicy,
  pageSecurityHeaders,
} from '@/app/lib/securityHeaders';

function isApi(pathname: string): boolean {
  return pathname === '/api' || pathname.startsWith('/api/');
}

function withHeaders(response: NextResponse, headers: Record<string, string>): NextResponse {
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  return response;
}

export function proxy(request: NextRequest): NextResponse {
  const { pathname } = request.nextUrl;
  if (isApi(pathname)) return withHeaders(NextResponse.next(), apiSecurityHeaders(pathname));

  const csp = pageContentSecurityPolicy(createNonce());
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('content-security-policy', csp);
  requestHeaders.delete('authorization');
  return withHeaders(NextResponse.next({ request: { headers: requestHeaders } }), pageSecurityHeaders(csp));
}

export const config = {
  // Everything but the build's hashed static files (served as they are, by the CDN in front if any).
  matcher: ['/((?!_next/static|_next/image).*)'],
};
