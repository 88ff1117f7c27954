/**
 * The signed-in user's cookie session (iron-session 8: the cookie is sealed,
 * i.e. encrypted and signed with SESSION_SECRET; nothing in it is readable or
 * forgeable by the browser).
 *
 * The session holds only the user id; who the user is and which teams they
 * belong to is read from the database on each request (controllers/context.ts),
 * so removing a membership takes effect at once. Add fields to `SessionData`
 * if you need more (keep the cookie small: 4 KB at most).
 */
import { randomBytes } from 'node:crypto';
import { getIronSession, type IronSession, type SessionOptions } from 'iron-session';
import { env } from '@/env';

export interface SessionData {
  userId?: number;
}

export const SESSION_COOKIE = 'app_session';
/** Sessions last 14 days, then the user signs in again. */
const SESSION_TTL_SECONDS = 14 * 24 * 3600;

// Outside production a missing secret gets a random one for this process
// (`npm run dev` always sets one, so this only matters for ad-hoc runs and
// tests): sessions then end when the process does. Production refuses to run
// without SESSION_SECRET (see assertServerEnv in env.ts).
const cache = globalThis as typeof globalThis & { __ephemeralSessionSecret?: string };

function sessionPassword(): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (env.NODE_ENV === 'production') throw new Error('SESSION_SECRET is not set (at least 32 characters).');
  cache.__ephemeralSessionSecret ??= randomBytes(32).toString('hex');
  return cache.__ephemeralSessionSecret;
}

/** https directly, or behind a proxy that terminated TLS. */
function isHttps(request: Request): boolean {
  if (new URL(request.url).protocol === 'https:') return true;
  return request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

export function sessionOptions(request: Request): SessionOptions {
  return {
    cookieName: SESSION_COOKIE,
    password: sessionPassword(),
    ttl: SESSION_TTL_SECONDS,
    cookieOptions: { httpOnly: true, sameSite: 'lax', secure: isHttps(request), path: '/' },
  };
}

/**
 * The session of `request`; `save()` / `destroy()` write Set-Cookie on
 * `response`. A cookie that was tampered with, expired or sealed with another
 * secret reads as an empty session (never an error).
 */
export async function getSession(request: Request, response: Response): Promise<IronSession<SessionData>> {
  const options = sessionOptions(request);
  try {
    return await getIronSession<SessionData>(request, response, options);
  } catch {
    // Malformed seals iron-session does not classify itself: start from an empty session.
    const headers = new Headers(request.headers);
    headers.delete('cookie');
    return getIronSession<SessionData>(new Request(request.url, { headers }), response, options);
  }
}

/** The signed-in user's id, or null. Reads the cookie only; no I/O. */
export async function sessionUserId(request: Request): Promise<number | null> {
  if (!request.headers.get('cookie')?.includes(`${SESSION_COOKIE}=`)) return null;
  const session = await getSession(request, new Response());
  const id = session.userId;
  return typeof id === 'number' && Number.isSafeInteger(id) && id > 0 ? id : null;
}
