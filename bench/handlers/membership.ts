// demo:file (npm run demo:remove deletes this file)
/**
 * Hand-written auth: the session cookie's token (the app's own helper, as any
 * hand-written route of this app would use), then one statement for the live
 * session and the membership of the URL's team. Same answers as the
 * framework's guard: 401 without a session, 404 when not a member.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import { sessionTokenOf } from '@/backend/session';
import { db } from '@/db/database';
import { memberships, type Role, sessions } from '@/db/schema';
import { HttpError } from './httpError';

export interface Member {
  userId: number;
  teamId: number;
  role: Role;
}

export function parseTeamId(raw: unknown): number {
  const id = typeof raw === 'number' ? raw : typeof raw === 'string' && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : 0;
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) {
    throw new HttpError(400, 'BAD_REQUEST', 'Invalid id', { id: ['must be a positive integer'] });
  }
  return id;
}

export async function requireMember(token: string | null, teamId: number): Promise<Member> {
  if (token === null) throw new HttpError(401, 'UNAUTHORIZED', 'Unauthorized');
  const [row] = await db()
    .select({ userId: sessions.userId, role: memberships.role })
    .from(sessions)
    .leftJoin(memberships, and(eq(memberships.userId, sessions.userId), eq(memberships.teamId, teamId)))
    .where(and(eq(sessions.token, token), gt(sessions.expiresAt, sql`now()`)));
  if (!row) throw new HttpError(401, 'UNAUTHORIZED', 'Unauthorized');
  if (!row.role) throw new HttpError(404, 'NOT_FOUND', 'Team not found');
  return { userId: row.userId, teamId, role: row.role };
}

export { sessionTokenOf };
