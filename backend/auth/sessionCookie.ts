/**
 * The `app_session` cookie: better-auth's session token, signed the way
 * better-auth (better-call) signs it — `encodeURIComponent(token + "." +
 * base64(HMAC-SHA256(secret, token)))` — so a cookie written by either side
 * reads on the other. Reading it here is a signature check without I/O; the
 * session row is looked up by the caller in the statement that loads the user
 * (backend/context.ts).
 *
 * Attributes: HttpOnly, SameSite=Lax, Path=/, and Secure whenever the request
 * came over https (directly or through a proxy that says so).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from './auth';
import { authSecret } from './authSecret';

function signature(token: string): string {
  return createHmac('sha256', authSecret()).update(token).digest('base64');
}

/** The cookie's value for a session token. */
export function signSessionToken(token: string): string {
  return encodeURIComponent(`${token}.${signature(token)}`);
}

/** The token a cookie value carries when its signature is ours; null otherwise (never throws). */
function verifySessionCookie(value: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return null;
  }
  const dot = decoded.lastIndexOf('.');
  if (dot < 1) return null;
  const token = decoded.slice(0, dot);
  // The signature's bytes, compared as better-auth (better-call) compares them: 44 base64 characters
  // decoded, so the unused low bits of the last one do not matter. Both sides then accept the same cookies.
  const text = decoded.slice(dot + 1);
  if (!SIGNATURE.test(text)) return null;
  const presented = Buffer.from(text, 'base64');
  const expected = Buffer.from(signature(token), 'base64');
  return presented.length === expected.length && timingSafeEqual(presented, expected) ? token : null;
}

/** An HMAC-SHA256 in standard base64 with its padding. */
const SIGNATURE = /^[A-Za-z0-9+/]{43}=$/;

/**
 * The raw value of `name` in a Cookie header (the first one, as browsers send the most specific first),
 * without the double quotes a value may be sent in: better-auth (better-call) drops them too, and both
 * sides must find the same session in the same header.
 */
function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return value.startsWith('"') ? value.slice(1, -1) : value;
    }
  }
  return null;
}

/** The verified session token of a request, or null. */
export function sessionTokenOf(request: Request): string | null {
  const header = request.headers.get('cookie');
  const value = header ? cookieValue(header, SESSION_COOKIE) : null;
  return value ? verifySessionCookie(value) : null;
}

/** https directly, or behind a proxy that terminated TLS. */
function isHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  return request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * A cookie to set, in the shape both `Set-Cookie` and Next's `cookies().set()` take. `value` is NOT
 * yet URL-encoded: `serializeSessionCookie` encodes it, and so does `cookies().set()` (handing it the
 * encoded form encoded it twice, and the signature never verified).
 */
export interface SessionCookie {
  name: string;
  value: string;
  path: '/';
  httpOnly: true;
  sameSite: 'lax';
  secure: boolean;
  maxAge: number;
}

/** The cookie naming a session (`token`), or removing it (`null`). */
export function sessionCookie(request: Request, token: string | null): SessionCookie {
  return {
    name: SESSION_COOKIE,
    value: token === null ? '' : decodeURIComponent(signSessionToken(token)),
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isHttps(request),
    maxAge: token === null ? 0 : SESSION_TTL_SECONDS,
  };
}

/** The `Set-Cookie` header value of a session cookie. */
export function serializeSessionCookie(cookie: SessionCookie): string {
  return `${cookie.name}=${encodeURIComponent(cookie.value)}; Path=${cookie.path}; HttpOnly; SameSite=Lax; Max-Age=${cookie.maxAge}${cookie.secure ? '; Secure' : ''}`;
}

/**
 * better-auth writes its cookies without Secure (it cannot know the scheme of
 * each request when APP_URL is unset); add it to every cookie of a response to
 * an https request.
 */
export function secureCookies(request: Request, response: Response): Response {
  const cookies = response.headers.getSetCookie();
  if (!isHttps(request) || cookies.length === 0) return response;
  const headers = new Headers(response.headers);
  headers.delete('set-cookie');
  for (const cookie of cookies)
    headers.append('set-cookie', /;\s*secure\b/i.test(cookie) ? cookie : `${cookie}; Secure`);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
