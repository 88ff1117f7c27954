/**
 * The signed-in user's session, seen from the app: who a request belongs to,
 * and starting or ending a session outside better-auth's own endpoints (the
 * dev sign-in and `DELETE /api/session`). Sessions are better-auth's rows in
 * `sessions` (controllers/auth/auth.ts); the cookie only names one.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { sessions } from '@/db/schema';
import { db, runPrepared } from '@/server';
import { auth } from './auth/auth';
import { type SessionCookie, sessionCookie, sessionTokenOf } from './auth/sessionCookie';
import { clientIp } from './rateLimit';

export { SESSION_COOKIE } from './auth/auth';
export { type SessionCookie, serializeSessionCookie, sessionTokenOf } from './auth/sessionCookie';

/** The signed-in user's id, or null: the cookie's signature, then one statement for a live session. */
export async function sessionUserId(request: Request): Promise<number | null> {
  const token = sessionTokenOf(request);
  if (token === null) return null;
  const [row] = await runPrepared(
    db()
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.token, token), gt(sessions.expiresAt, sql`now()`))),
  );
  return row?.userId ?? null;
}

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
