/**
 * Test-only fixtures of the attachment subsystem: a `billboards` table (raw
 * SQL, per test database), a Billboard model with a public has-one and a
 * private has-many slot, a scoped CRUD controller that attaches files, and an
 * uploads controller subclassing UploadsController, all served through
 * createApiHandler like the app's catch-all route.
 */
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  ActiveController,
  action,
  buildRouter,
  createApiHandler,
  crud,
  db,
  hasManyAttached,
  hasOneAttached,
  KiB,
  Model,
  mergeRouters,
  NotFound,
  scope,
  Unauthorized,
  UploadsController,
} from '@/server';

export const billboards = pgTable('billboards', {
  id: serial('id').primaryKey(),
  teamId: integer('team_id').notNull(),
  name: varchar('name', { length: 100 }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export async function createBillboardsTable(): Promise<void> {
  await db().execute(sql`
    create table billboards (
      id serial primary key, team_id integer not null, name varchar(100) not null,
      created_at timestamptz not null default now(), updated_at timestamptz not null default now());
  `);
}

/** Slot limits the tests probe. Documents have no maxSize: the global defaultMaxSize applies. */
export const LOGO_MAX = 4 * KiB;
export const DOCUMENTS_MAX = 3;

export class Billboard extends Model(billboards, {
  name: 'Billboard',
  attachments: {
    logo: hasOneAttached({
      accepts: 'image/*',
      maxSize: LOGO_MAX,
      access: 'public',
      variants: { thumb: { size: 128 } },
    }),
    documents: hasManyAttached({ accepts: ['application/pdf', 'text/plain'], access: 'private', max: DOCUMENTS_MAX }),
  },
}) {}

/** `x-user: <userId>:<teamId>,<teamId>` */
export interface TestContext {
  userId: number | null;
  teams: number[];
}

function contextFromRequest(request: Request): TestContext {
  const header = request.headers.get('x-user');
  if (!header) return { userId: null, teams: [] };
  const [user, teams = ''] = header.split(':');
  return { userId: Number(user), teams: teams.split(',').filter(Boolean).map(Number) };
}

function authorizeTeam(context: TestContext, scopeParams: Record<string, number>): void {
  if (context.userId === null) throw new Unauthorized();
  const { teamId } = scopeParams;
  if (teamId !== undefined && !context.teams.includes(teamId)) throw new NotFound('Team');
}

const attachInput = z.object({ slot: z.string(), assetId: z.number().int() });

@scope('teamId')
@crud(Billboard, {
  index: { include: ['logo', 'documents'] },
  get: { include: ['logo', 'documents'] },
  create: { permit: ['name'] },
})
export class BillboardController extends ActiveController<TestContext, Billboard> {
  @action('POST', undefined, { load: true, input: attachInput })
  async attachFile(record: Billboard, input: z.infer<typeof attachInput>): Promise<Billboard> {
    await record.attach(input.slot, input.assetId);
    return record.load('logo', 'documents');
  }
}

@scope('teamId')
export class UploadController extends UploadsController<TestContext> {
  override uploadMetadata(): Record<string, unknown> {
    return { userId: this.context.userId };
  }
}

export const handler = createApiHandler<TestContext>({
  routers: mergeRouters(buildRouter(BillboardController), buildRouter(UploadController)),
  createContext: contextFromRequest,
  authorizeScope: authorizeTeam,
});

/** `call('POST', '/teams/1/uploads/presign', { user: '7:1', body })` */
export async function call(
  method: string,
  path: string,
  options: { user?: string; body?: unknown } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies of many shapes.
): Promise<{ status: number; body: any }> {
  const headers: Record<string, string> = {};
  if (options.user) headers['x-user'] = options.user;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await handler(
    new Request(`http://localhost/api${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    }),
  );
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
