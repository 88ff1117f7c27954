/**
 * The signed-in user's session, seen from the app: the cookie's token (who it
 * belongs to is read with the user, backend/context.ts), and starting or
 * ending a session outside better-auth's own endpoints (the dev sign-in and
 * `DELETE /api/session`). Sessions are better-auth's rows in
 * `sessions` (backend/auth/auth.ts); the cookie only names one.
 */
import { eq } from 'drizzle-orm';
import { db } from '@/db/database';
import { sessions } from '@/db/schema';

import { auth } from './auth/auth';
import { type SessionCookie, sessionCookie, sessionTokenOf } from './auth/sessionCookie';
import { clientIp } from './rateLimit';

export { SESSION_COOKIE } from './auth/auth';
export { type SessionCookie, serializeSessionCookie, sessionTokenOf } from './auth/sessionCookie';

/** A new session for `userId` (a fresh token every sign-in); returns its cookie. */
export async function startSession(request: Request, userId: number): Promise<SessionCookie> {
  const context = await auth().$context;
  const session = await context.internalAdapter.createSession(String(userId), false, {
    ipAddress: clientIp(request),
    userAgent: request.headers.get('user-agent') ?? '',
  });
  return sessionCookie(request, session.token);
}

/** Ends the request's session on the server (its row is deleted); returns the cookie that clears it. */
export async function endSession(request: Request): Promise<SessionCookie> {
  const token = sessionTokenOf(request);
  if (token !== null) await db().delete(sessions).where(eq(sessions.token, token));
  return sessionCookie(request, null);
}
