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
 * The origin the request addressed: `Host` (a browser cannot set it), or a
 * trusted proxy's `X-Forwarded-Host` / `-Proto`. Those headers count only
 * because the server removed them from every connection that is not a
 * trusted proxy before Next.js ran (server/net/trustProxy.ts). `request.url`
 * is not it: under `next start` it names the internal listener. Production
 * apps compare with their configured public origin instead (APP_URL): pass it
 * to `assertSameOrigin` and to `createApiHandler({origin})`.
 */
export function requestOrigin(request: Request): string | undefined {
  const first = (name: string) => request.headers.get(name)?.split(',')[0]?.trim() || undefined;
  const url = new URL(request.url);
  const host = first('x-forwarded-host') ?? first('host') ?? url.host;
  const proto = first('x-forwarded-proto') ?? url.protocol.replace(':', '');
  return originOf(`${proto}://${host}`);
}

/**
 * Refuses a cross-site write: `Sec-Fetch-Site: cross-site`, or an `Origin`
 * other than `expected` (the app's public origin; default: the addressed one).
 */
export function assertSameOrigin(request: Request, expected: string | undefined = requestOrigin(request)): void {
  if (!UNSAFE_METHODS.has(request.method.toUpperCase())) return;
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite?.trim().toLowerCase() === 'cross-site') throw new Forbidden('Cross-site request refused');
  const origin = request.headers.get('origin');
  if (origin !== null && (expected === undefined || originOf(origin) !== expected)) {
    throw new Forbidden('Cross-site request refused');
  }
}
