/**
 * The security headers of every page, set by `proxy.ts` (docs/security.md);
 * the API's are static and set by next.config.ts (apiSecurityHeaders.ts).
 *
 * Customise here:
 * - a third-party origin your pages load from (analytics, a CDN, an OAuth
 *   provider's avatars): add it to the directive in `PAGE_SOURCES`, e.g.
 *   `'https://plausible.io'` under both `script-src` and `connect-src`;
 * - the storage origins are added for you from S3_ENDPOINT /
 *   S3_PUBLIC_URL_BASE (uploads PUT there, logos load from there);
 * - `HSTS` (apiSecurityHeaders.ts): add `; preload` only once every subdomain serves https.
 *
 * Scripts run only with the request's nonce (`'strict-dynamic'` then trusts
 * what those scripts load); Next.js reads the nonce from the request's
 * Content-Security-Policy header, which the proxy sets, and stamps it on its
 * own scripts. Styles keep `'unsafe-inline'`: React's `style={...}` props and
 * the upload progress bar are style attributes, which a nonce cannot cover,
 * and inline styles cannot run code.
 */
import { env } from '@/env';
import { BASE_SECURITY_HEADERS, HSTS } from './apiSecurityHeaders';

type Directives = Record<string, readonly string[]>;

/** Where pages may load from, besides the nonce and the storage origins added below. */
const PAGE_SOURCES: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

function originOf(url: string | undefined): string[] {
  return url ? [new URL(url).origin] : [];
}

/**
 * The origins the browser talks to for uploads: the endpoint it PUTs the
 * presigned URLs to (s3rver, MinIO, R2) and the public URL base logos load
 * from. AWS S3 without an endpoint presigns virtual-host URLs on the bucket's
 * own host.
 */
function storageOrigins(): { connect: string[]; img: string[] } {
  const endpoint = originOf(env.S3_ENDPOINT);
  const aws =
    env.S3_ENDPOINT === undefined && env.S3_BUCKET !== undefined
      ? [`https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`, `https://${env.S3_BUCKET}.s3.amazonaws.com`]
      : [];
  const presigned = [...endpoint, ...aws];
  return { connect: presigned, img: [...originOf(env.S3_PUBLIC_URL_BASE), ...presigned] };
}

/** Fixed for the life of the process (env.ts reads the environment once). */
const storage = storageOrigins();

function serialize(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, sources]) => [name, ...new Set(sources)].join(' '))
    .join('; ');
}

/** The page policy for one response: scripts need `nonce`. */
export function pageContentSecurityPolicy(nonce: string): string {
  const script = [`'nonce-${nonce}'`, "'strict-dynamic'"];
  // React's development build evaluates code for its error overlay and call stacks.
  if (env.NODE_ENV === 'development') script.push("'unsafe-eval'");
  return serialize({
    ...PAGE_SOURCES,
    'script-src': [...(PAGE_SOURCES['script-src'] ?? []), ...script],
    'img-src': [...(PAGE_SOURCES['img-src'] ?? []), ...storage.img],
    'connect-src': [...(PAGE_SOURCES['connect-src'] ?? []), ...storage.connect],
  });
}

/** A fresh, unguessable nonce (128 bits) for one response. */
export function createNonce(): string {
  return btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
}

/** The headers of a page response whose policy is `csp` (pageContentSecurityPolicy). */
export function pageSecurityHeaders(csp: string): Record<string, string> {
  return {
    ...BASE_SECURITY_HEADERS,
    ...(env.NODE_ENV === 'production' ? { 'strict-transport-security': HSTS } : {}),
    'content-security-policy': csp,
    // No other window keeps a handle on ours (window.opener), so no cross-window attacks.
    'cross-origin-opener-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  };
}
