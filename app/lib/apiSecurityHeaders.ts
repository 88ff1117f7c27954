/**
 * The security headers every response shares, and the API's own
 * (docs/security.md says what each does). No imports on purpose:
 * `next.config.ts` reads this file, because Next sets the API's headers from
 * its `headers()` rules: static headers cost nothing per request there,
 * where running the proxy (middleware) for API requests cost about 1 ms of
 * CPU each (docs/performance.md). The page headers (securityHeaders.ts) and
 * the answers to requests Next cannot serve, sent before Next runs
 * (instrumentation.node.ts), use it too.
 *
 * Customise: an /api route that serves a document (HTML) rather than data
 * sets its own Content-Security-Policy; list its path in `API_DOCUMENTS` so
 * the data policy does not replace it.
 */

/** API routes that serve a document and set their own policy (app/api/docs/route.ts). */
export const API_DOCUMENTS: readonly string[] = ['/api/docs'];

/** Every response, API or page. */
export const BASE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
};

/** Two years, the usual minimum for preload lists; production only (dev and tests run on http). */
export const HSTS = 'max-age=63072000; includeSubDomains';

/** API responses are data, never documents: nothing may load from them, nothing may frame them. */
const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The headers of an API response; `policy: false` leaves the CSP to a route that serves a document. */
export function apiSecurityHeaders(options: { production: boolean; policy?: boolean }): Record<string, string> {
  return {
    ...BASE_SECURITY_HEADERS,
    ...(options.production ? { 'strict-transport-security': HSTS } : {}),
    ...(options.policy === false ? {} : { 'content-security-policy': API_CONTENT_SECURITY_POLICY }),
  };
}
