/**
 * Test-only fixtures for the controller framework: tables created with raw
 * SQL, models over them, and a set of decorated controllers exercising every
 * declaration the spec names. Not imported by app code.
 */
import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import {
  ActiveController,
  action,
  after,
  allowAnonymous,
  BadRequest,
  before,
  belongsTo,
  buildRouter,
  controller,
  createApiHandler,
  crud,
  db,
  Forbidden,
  type GuardTarget,
  Model,
  type ModelBase,
  mergeRouters,
  mutation,
  NotFound,
  rescue,
  scope,
  singleton,
  Unauthorized,
} from '@/server';

export const orgs = pgTable('orgs', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
});
export const people = pgTable('people', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 100 }).notNull(),
});
export const projects = pgTable('projects', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  name: varchar('name', { length: 120 }).notNull(),
  budget: integer('budget'),
  status: varchar('status', { length: 20, enum: ['draft', 'active', 'archived'] })
    .notNull()
    .default('draft'),
  ownerId: integer('owner_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
export const orgSettings = pgTable('org_settings', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull().unique(),
  timezone: varchar('timezone', { length: 60 }).notNull().default('UTC'),
  digest: boolean('digest').notNull().default(true),
});

export async function createFixtureTables(): Promise<void> {
  await db().execute(sql`
    create table orgs (id serial primary key, name varchar(100) not null);
    create table people (id serial primary key, name varchar(100) not null);
    create table projects (
      id serial primary key, org_id integer not null references orgs(id), name varchar(120) not null,
      budget integer, status varchar(20) not null default 'draft', owner_id integer references people(id),
      created_at timestamptz not null default now(), updated_at timestamptz not null default now());
    create table org_settings (id serial primary key, org_id integer not null unique references orgs(id),
      timezone varchar(60) not null default 'UTC', digest boolean not null default true);
    insert into orgs (name) values ('Acme'), ('Globex');
    insert into people (name) values ('Alice'), ('Bob'), ('Carol');
  `);
}

export class Person extends Model(people, { name: 'Person' }) {}

export class Project extends Model(projects, {
  name: 'Project',
  scopes: {
    draft: (q) => q.where({ status: 'draft' }),
    active: (q) => q.where({ status: 'active' }),
    archived: (q) => q.where({ status: 'archived' }),
    notArchived: (q) => q.where(sql`${projects.status} <> 'archived'`),
    search: (q, term: string) => q.where(sql`${projects.name} ilike ${`%${term}%`}`),
  },
  associations: () => ({ owner: belongsTo(() => Person, { foreignKey: 'ownerId', columns: ['id', 'name'] }) }),
  validations: { name: z.string().min(1, "can't be blank").max(120) },
}) {
  beforeDestroy(): boolean {
    if (this.status === 'active') {
      this.addError('base', 'cannot delete an active project');
      return false;
    }
    return true;
  }
}

export class OrgSetting extends Model(orgSettings, { name: 'OrgSetting' }) {}

/** The request context of the tests: who is calling, and their orgs with roles. */
export interface TestContext {
  userId: number | null;
  roles: Record<number, 'owner' | 'member'>;
}

/** Reads `x-user: <id>:<orgId>=<role>,...` so tests can act as anyone. */
export function contextFromRequest(request: Request): TestContext {
  const header = request.headers.get('x-user');
  if (!header) return { userId: null, roles: {} };
  const [user, grants = ''] = header.split(':');
  const roles: TestContext['roles'] = {};
  for (const grant of grants.split(',').filter(Boolean)) {
    const [org, role] = grant.split('=');
    roles[Number(org)] = role === 'owner' ? 'owner' : 'member';
  }
  return { userId: Number(user), roles };
}

/** The fixtures' guard, shaped like the app's (backend/context.ts): signed in unless `@allowAnonymous`, outside an org. */
export function authorizeOrg(context: TestContext, scopeParams: Record<string, number>, target: GuardTarget): void {
  const orgId = scopeParams.orgId;
  if (context.userId === null) {
    if (target.allowAnonymous && orgId === undefined) return;
    throw new Unauthorized();
  }
  if (orgId !== undefined && !context.roles[orgId]) throw new NotFound('Org');
}

/** What hooks did, in order (tests reset it). */
export const hookLog: string[] = [];

export class ArchivedError extends Error {}
export class TeapotError extends Error {}

/** A base class with a hook and a rescue, to prove inheritance and order. */
export class BaseController<R extends ModelBase = never> extends ActiveController<TestContext, R> {
  @before()
  trace(): void {
    hookLog.push(`parent-before:${this.actionName}`);
  }

  @rescue(TeapotError)
  teapot(): { teapot: true } {
    return { teapot: true };
  }
}

@scope('orgId')
@crud(Project, {
  index: {
    scopes: ['draft', 'active', 'archived', 'notArchived'],
    defaultScopes: ['notArchived'],
    paramScopes: ['search'],
    sortable: ['name', 'budget', 'createdAt'],
    defaultSort: { field: 'createdAt', dir: 'desc' },
    filterable: ['status', 'ownerId', 'budget'],
    include: ['owner'],
    perPage: 5,
    maxPerPage: 20,
  },
  get: { include: ['owner'] },
  create: {
    permit: ['name', 'budget', 'status', 'orgId', 'id', 'createdAt'],
    autoSet: { ownerId: (context: TestContext) => context.userId },
  },
  update: { permit: ['name', 'budget'] },
})
export class ProjectController extends BaseController<Project> {
  @before({ only: ['destroy', 'bulkArchive'] })
  requireOwner(): void {
    const orgId = this.params.orgId as number;
    if (this.context.roles[orgId] !== 'owner') throw new Forbidden('Owners only');
  }

  @before({ only: ['publish'], if: 'isDraftRecord' })
  noteDraft(): void {
    hookLog.push(`child-before:${this.actionName}:${this.record ? 'record' : 'none'}`);
  }

  @after({ except: ['index'], if: (controller: ProjectController) => controller.context.userId === 1 })
  afterHook(result: unknown): void {
    hookLog.push(`after:${this.actionName}:${result === undefined ? 'none' : 'result'}`);
  }

  isDraftRecord(): boolean {
    return this.record?.status === 'draft';
  }

  @mutation()
  async publish(record: Project): Promise<Project> {
    if (record.status === 'archived') throw new ArchivedError('archived projects cannot be published');
    await record.update({ status: 'active' });
    return record;
  }

  @mutation({ bulk: true })
  async bulkActivate(records: Project[]): Promise<{ activated: number; ids: number[] }> {
    for (const record of records) await record.update({ status: 'active' });
    return { activated: records.length, ids: records.map((r) => r.id) };
  }

  @mutation({ bulk: true, records: false })
  async bulkArchive(ids: number[]): Promise<{ archived: number; requested: number }> {
    const archived = await this.relation.updateAll({ status: 'archived' });
    return { archived, requested: ids.length };
  }

  @action('GET')
  async stats(): Promise<{ total: number }> {
    const rows = await this.relation.toArray();
    return { total: rows.length };
  }

  @action('GET', undefined, { load: true })
  score(record: Project): { id: number; score: number } {
    return { id: record.id, score: record.budget ? 100 : 50 };
  }

  @action('POST', undefined, { load: true, input: z.object({ name: z.string().min(1) }) })
  async rename(record: Project, input: { name: string }): Promise<Project> {
    await record.update({ name: input.name });
    return record;
  }

  @action('POST', '/projects/teapot')
  brew(): never {
    throw new TeapotError();
  }

  @action('POST')
  echo(input: Record<string, unknown>): Record<string, unknown> {
    return { input, params: this.params };
  }

  @rescue(ArchivedError, { only: ['publish'] })
  convertArchived(error: ArchivedError): never {
    throw new BadRequest(error.message);
  }
}

@scope('orgId')
@singleton(OrgSetting, {
  findBy: (_context: TestContext, params) => ({ orgId: params.orgId }),
  findOrCreate: true,
  defaultValues: { timezone: 'UTC' },
  update: { permit: ['timezone', 'digest', 'orgId'] },
})
export class OrgSettingsController extends ActiveController<TestContext, OrgSetting> {}

@scope('orgId')
export class UploadController extends ActiveController<TestContext> {
  @action('POST', '/presign')
  presign(input: { filename?: string }): { filename: string | null; relation: null } {
    return { filename: typeof input.filename === 'string' ? input.filename : null, relation: this.relation as null };
  }

  @action('GET')
  storageUsage(): { bytes: number } {
    return { bytes: 0 };
  }
}

@allowAnonymous()
@controller()
export class APIKeyController extends ActiveController<TestContext> {
  @action('GET')
  ping(): string {
    return 'pong';
  }
}

@allowAnonymous()
@controller('/v2/things')
export class ThingController extends ActiveController<TestContext> {
  @action('GET', '/v2/things/latest')
  latest(): { latest: true } {
    return { latest: true };
  }
}

export const testRouters = mergeRouters(
  buildRouter(ProjectController),
  buildRouter(OrgSettingsController),
  buildRouter(UploadController),
  buildRouter(APIKeyController),
  buildRouter(ThingController),
);

export const handler = createApiHandler<TestContext>({
  routers: testRouters,
  createContext: contextFromRequest,
  authorizeScope: authorizeOrg,
  userIdOf: (context) => context.userId ?? undefined,
});

/** Sends a request to the handler: `call('GET', '/orgs/1/projects', { user: '1:1=owner' })`. */
export async function call(
  method: string,
  path: string,
  options: { user?: string; body?: unknown; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<{ status: number; body: unknown; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.user) headers['x-user'] = options.user;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await handler(new Request(`http://localhost/api${path}`, { method, headers, body }));
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}
