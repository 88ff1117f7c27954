/**
 * The app's public origin, the one place links and origin checks read it:
 * invitation, reset and verification links, better-auth's base URL and
 * trusted origins, and the cross-site check of cookie-carrying writes.
 *
 * `APP_URL`'s origin whenever it is set; production requires it (env.ts
 * refuses to start without it), so there links and origins never come from
 * request headers. Outside production without it (`npm run dev` with no
 * variables), the origin the browser addressed: `Host`, or a trusted proxy's
 * X-Forwarded-Host / -Proto (server/http/csrf.ts `requestOrigin`).
 */
import { env } from '@/env';
import { requestOrigin } from '@/server';

export function appOrigin(request?: Request): string | undefined {
  if (env.APP_URL) return new URL(env.APP_URL).origin;
  if (env.NODE_ENV === 'production') return undefined;
  return request ? requestOrigin(request) : undefined;
}
