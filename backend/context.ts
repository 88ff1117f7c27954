/**
 * Who is calling, and what they may reach: the request context every
 * controller sees as `this.context`, and the scope guard that runs before any
 * record of a `/teams/:teamId/...` route is read.
 *
 * Customise here: how a request authenticates (better-auth's session cookie
 * or an API key; OAuth providers plug into better-auth in
 * backend/auth/auth.ts and need nothing here), what the context carries, and
 * which nested scope params must belong to the team (`TEAM_CHILD_SCOPES`).
 * Role rules (owner-only actions) live in controllers/TeamScopedController.ts.
 */
import { and, asc, eq, gt, inArray, type Placeholder, sql } from 'drizzle-orm';
import { db } from '@/db/database';
import { ApiKey, Campaign } from '@/db/models';
import { memberships, type Role, sessions, teams, users } from '@/db/schema';
import { type GuardTarget, type ModelClass, NotFound, preparedStatement, Unauthorized } from '@/server';
import { assertNotBlocked, clientIp, recordFailure } from './rateLimit';
import { sessionTokenOf } from './session';

export interface CurrentUser {
  id: number;
  email: string;
  name: string;
}

export interface TeamMembership {
  teamId: number;
  role: Role;
}

/** A membership with its team's name (the session endpoint and pages list teams). */
export interface NamedMembership extends TeamMembership {
  teamName: string;
}

export interface AppContext {
  /** The signed-in user (or the creator of the API key used); null when anonymous. */
  user: CurrentUser | null;
  /** Every team the user may reach in this request (one team only with an API key). */
  memberships: TeamMembership[];
  /** Set when the request authenticated with `Authorization: Bearer <api key>`. */
  apiKey: { id: number; teamId: number } | null;
}

// A fresh object per request: the framework keys per-request state on the context object.
const anonymous = (): AppContext => ({ user: null, memberships: [], apiKey: null });

/** A session row that is signed in now: its token matches and it has not expired (signing out deletes it). */
function liveSession(token: string | Placeholder) {
  return and(eq(sessions.token, token), gt(sessions.expiresAt, sql`now()`));
}

/**
 * The user and their memberships with team names (by name), in one statement:
 * by id (the dev sign-in), or by a live session's token (pages, GET /api/session).
 * Null when the user is gone or the session is not live.
 */
export async function loadCurrentUser(
  who: { userId: number } | { sessionToken: string },
): Promise<{ user: CurrentUser; memberships: NamedMembership[] } | null> {
  const user =
    'userId' in who
      ? eq(users.id, who.userId)
      : inArray(users.id, db().select({ id: sessions.userId }).from(sessions).where(liveSession(who.sessionToken)));
  const rows = await db()
    .select({ ...USER_COLUMNS, teamName: teams.name })
    .from(users)
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .leftJoin(teams, eq(teams.id, memberships.teamId))
    .where(user)
    .orderBy(asc(teams.name), asc(teams.id));
  return toCurrentUser(rows, (row) => (row.teamName === null ? null : { teamName: row.teamName }));
}

const USER_COLUMNS = {
  id: users.id,
  email: users.email,
  name: users.name,
  teamId: memberships.teamId,
  role: memberships.role,
};

/**
 * What every API request needs: the live session's user and their (team,
 * role) pairs, in one statement without the teams join or sort (this runs on
 * every request). A signed-out, expired or unknown token finds no row.
 * Built once and prepared (server/model/statementCache.ts): each request
 * only binds the token.
 */
const sessionUserRows = preparedStatement(() =>
  db()
    .select(USER_COLUMNS)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(memberships, eq(memberships.userId, users.id))
    .where(liveSession(sql.placeholder('token'))),
);

async function loadSessionUser(token: string): Promise<{ user: CurrentUser; memberships: TeamMembership[] } | null> {
  return toCurrentUser(await sessionUserRows({ token }), () => ({}));
}

type UserRow = CurrentUser & { teamId: number | null; role: Role | null };

function toCurrentUser<R extends UserRow, E extends object>(
  rows: R[],
  extra: (row: R) => E | null,
): { user: CurrentUser; memberships: (TeamMembership & E)[] } | null {
  const [first] = rows;
  if (!first) return null;
  const memberships = rows.flatMap((row) => {
    const more = extra(row);
    return row.teamId !== null && row.role !== null && more ? [{ teamId: row.teamId, role: row.role, ...more }] : [];
  });
  return { user: { id: first.id, email: first.email, name: first.name }, memberships };
}

/**
 * Builds `this.context` for a request. An `Authorization` header wins over
 * the cookie: a request that presents a key means to act as that key, so a
 * bad key is a 401 rather than a silent fall-back to the browser session.
 * Failed keys count against the caller's IP (`bearerFailure`): past the
 * limit every key from that IP is a 429, a valid one too, so guessing stops
 * (one primary-key read per Bearer request; browser sessions skip it).
 */
export async function createContext(request: Request): Promise<AppContext> {
  const authorization = request.headers.get('authorization');
  if (authorization !== null) {
    const token = /^Bearer +(\S+)$/i.exec(authorization.trim())?.[1];
    const ip = clientIp(request);
    await assertNotBlocked('bearer', { ip });
    const found = token ? await ApiKey.authenticate(token) : null;
    if (!found) {
      await recordFailure('bearer', { ip });
      throw new Unauthorized('Invalid API key');
    }
    return { user: found.user, memberships: [found.membership], apiKey: found.apiKey };
  }
  const token = sessionTokenOf(request);
  if (token === null) return anonymous();
  const loaded = await loadSessionUser(token);
  return loaded ? { ...loaded, apiKey: null } : anonymous();
}

/**
 * Scope params nested under `/teams/:teamId` and the model whose row must
 * belong to that team (`projectId` in `/teams/1/projects/:projectId/tasks`:
 * another team's project is then a 404 like any other team's data). Add your
 * own nested resources here.
 */
const TEAM_CHILD_SCOPES: Record<string, ModelClass> = {
  // demo:begin
  // The demo's posts: /teams/1/campaigns/<another team's campaign>/posts is a 404.
  campaignId: Campaign,
  // demo:end
};

/**
 * The guard createApiHandler runs for every action, before any record is
 * read or any hook runs: no user -> 401, unless the action is under
 * `@allowAnonymous` and not under a team; not a member of `:teamId` -> 404,
 * with no hint the team exists; a nested scope param of another team -> 404.
 * The membership check costs no statement (the context holds the
 * memberships); each nested scope param costs one.
 *
 * A scope param this guard does not know how to check is a programming error
 * (the API refuses to boot, assertCheckedScopes), never a pass.
 */
export async function authorizeScope(
  context: AppContext,
  scope: Record<string, number>,
  target: GuardTarget,
): Promise<void> {
  const { teamId } = scope;
  assertCheckedScopes(target.controller, Object.keys(scope));
  if (!context.user) {
    if (target.allowAnonymous && teamId === undefined) return;
    throw new Unauthorized();
  }
  if (teamId === undefined) return;
  if (!context.memberships.some((membership) => membership.teamId === teamId)) throw new NotFound('Team');
  for (const [field, model] of Object.entries(TEAM_CHILD_SCOPES)) {
    const id = scope[field];
    if (id === undefined) continue;
    if (!(await model.where({ id, teamId } as never).exists())) throw new NotFound(model.modelName);
  }
}

/**
 * Throws, naming the controller, for a scope param the guard cannot check: anything but `teamId` and,
 * under it, the nested params of TEAM_CHILD_SCOPES. controllers/index.ts runs it for every controller at
 * boot, so `@scope('noteId')` stops the app instead of serving every note; the guard runs it again.
 */
export function assertCheckedScopes(controller: string, fields: readonly string[]): void {
  const underTeam = fields.includes('teamId');
  for (const field of fields) {
    if (field === 'teamId' || (underTeam && Object.hasOwn(TEAM_CHILD_SCOPES, field))) continue;
    throw new Error(
      `${controller}: the scope param ${field} is not checked by the guard; nest it under ` +
        `@scope('teamId') and add it to TEAM_CHILD_SCOPES in backend/context.ts`,
    );
  }
}

/**
 * The signed-in caller. On actions the guard protects it has already answered 401 when there is no
 * user, so this only narrows the type; on an `@allowAnonymous` action this throw is the 401.
 */
export function signedInUser(context: AppContext): CurrentUser {
  if (!context.user) throw new Unauthorized();
  return context.user;
}

/** The caller's membership of `teamId` (the guard has checked it exists on team routes). */
export function membershipOf(context: AppContext, teamId: number | undefined): TeamMembership | undefined {
  return context.memberships.find((membership) => membership.teamId === teamId);
}
