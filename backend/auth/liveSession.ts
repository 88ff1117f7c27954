/**
 * The live session of a request, for the checks the auth edge runs before
 * better-auth (authRoutes.ts: account deletion, the change-email limit). The
 * app's own requests read the session in the statement that loads the user
 * (backend/context.ts).
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { db } from '@/db/database';
import { sessions } from '@/db/schema';
import { Unauthorized } from '@/server';
import { sessionTokenOf } from './sessionCookie';

export interface LiveSession {
  userId: number;
  /** When its user signed in: the column better-auth's own freshness check reads. */
  createdAt: Date;
}

/**
 * The request's unexpired session, or a 401. A check finding none refuses rather than passes the request on:
 * were better-auth ever to read a session from the cookie that this lookup does not, it would act on it unchecked.
 */
export async function liveSessionOf(request: Request): Promise<LiveSession> {
  const token = sessionTokenOf(request);
  const [row] =
    token === null
      ? []
      : await db()
          .select({ userId: sessions.userId, createdAt: sessions.createdAt })
          .from(sessions)
          .where(and(eq(sessions.token, token), gt(sessions.expiresAt, sql`now()`)))
          .limit(1);
  if (!row) throw new Unauthorized();
  return row;
}
