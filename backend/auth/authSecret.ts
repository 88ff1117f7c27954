/**
 * The secrets of accounts and sessions, all derived from SESSION_SECRET so a
 * deployment keeps one secret to set and rotate.
 *
 * Outside production a missing SESSION_SECRET gets a random one for this
 * process (`npm run dev` always sets one; this only matters for ad-hoc runs
 * and tests): existing cookies then stop verifying when the process ends.
 * Production refuses to start without it (assertServerEnv in env.ts).
 */
import { hkdfSync, randomBytes } from 'node:crypto';
import { env } from '@/env';

// On globalThis: every bundle of the process (and a dev reload) must sign with the same secret.
const cache = globalThis as typeof globalThis & { __ephemeralSessionSecret?: string; __authSecret?: string };

function sessionSecret(): string {
  if (env.SESSION_SECRET) return env.SESSION_SECRET;
  if (env.NODE_ENV === 'production') throw new Error('SESSION_SECRET is not set (at least 32 characters).');
  cache.__ephemeralSessionSecret ??= randomBytes(32).toString('hex');
  return cache.__ephemeralSessionSecret;
}

/**
 * better-auth's secret (it signs the session cookie and encrypts what it
 * stores): an HKDF of SESSION_SECRET, so the raw secret is used for nothing
 * else and another purpose can derive its own key with another label.
 */
export function authSecret(): string {
  cache.__authSecret ??= Buffer.from(hkdfSync('sha256', sessionSecret(), '', 'app_session/better-auth', 32)).toString(
    'hex',
  );
  return cache.__authSecret;
}
