/**
 * Cross-site request refusal for state-changing methods, using the headers
 * browsers always send and scripts cannot forge from another site: `Origin`
 * and `Sec-Fetch-Site`. Requests without them (curl, server-to-server, tests)
 * pass, so apply this to cookie-authenticated requests; token-authenticated
 * APIs are not exposed to CSRF. Pure: the caller decides when it applies.
 */
import { Forbidden } from '../controller/errors';

const UNSAFE_METHODS = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);

/** Serialised origin of a header value; `null` (opaque origins) and junk never match. */
function originOf(value: string): string | undefined {
  try {
    const origin = new URL(value).origin;
    return origin === 'null' ? undefined : origin;
  } catch {
    return undefined;
  }
}

/**
 * The origin the browser addressed. `request.url` is not it: behind
 * `next start` or a proxy it names the internal listener (`localhost:<port>`).
 * A browser cannot set `Host`, and a cross-site script cannot add
 * `X-Forwarded-*` headers without a CORS preflight this API never grants.
 * Behind a TLS-terminating proxy, make it send `X-Forwarded-Proto`.
 */
export function requestOrigin(request: Request): string | undefined {
  const first = (name: string) => request.headers.get(name)?.split(',')[0]?.trim() || undefined;
  const url = new URL(request.url);
  const host = first('x-forwarded-host') ?? first('host') ?? url.host;
  const proto = first('x-forwarded-proto') ?? url.protocol.replace(':', '');
  return originOf(`${proto}://${host}`);
}

export function assertSameOrigin(request: Request): void {
  if (!UNSAFE_METHODS.has(request.method.toUpperCase())) return;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite?.trim().toLowerCase() === 'cross-site') throw new Forbidden('Cross-site request refused');
  const origin = request.headers.get('origin');
  if (origin !== null && originOf(origin) !== requestOrigin(request)) {
    throw new Forbidden('Cross-site request refused');
  }
}
