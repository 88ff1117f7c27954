/**
 * Hand-written auth: the session cookie (the app's own iron-session helper,
 * as any hand-written route of this app would use) gives the user id; one
 * statement checks the membership of the URL's team. Same answers as the
 * framework's guard: 401 without a user, 404 when not a member.
 */
import { and, eq } from 'drizzle-orm';
import { sessionUserId } from '@/controllers/session';
import { getDb } from '@/db/client';
import { memberships, type Role } from '@/db/schema';
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

export async function requireMember(userId: number | null, teamId: number): Promise<Member> {
  if (userId === null) throw new HttpError(401, 'UNAUTHORIZED', 'Unauthorized');
  const [row] = await getDb()
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.teamId, teamId)))
    .limit(1);
  if (!row) throw new HttpError(404, 'NOT_FOUND', 'Team not found');
  return { userId, teamId, role: row.role };
}

export { sessionUserId };
