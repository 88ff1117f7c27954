/**
 * Test-only fixtures for the hostile-input tests (server/http/badInput.test.ts):
 * a model with the column types the write/filter checks do not special-case
 * (numeric, uuid, date strings, arrays), controllers whose hooks and rescues
 * misbehave, and a handler whose tRPC procedures go through a middleware that
 * extends the context (the usual `next({ ctx: { ...ctx, extra } })`).
 */
import { sql } from 'drizzle-orm';
import { date, integer, jsonb, numeric, pgTable, serial, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import {
  ActiveController,
  action,
  after,
  baseProcedure,
  buildRouter,
  createApiHandler,
  crud,
  db,
  Model,
  mergeRouters,
  rescue,
  scope,
} from '@/server';
import { authorizeOrg, contextFromRequest, ProjectController, type TestContext } from './controllerFixtures';

export const gadgets = pgTable('gadgets', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  name: varchar('name', { length: 10 }).notNull(),
  price: numeric('price', { precision: 10, scale: 2 }),
  ref: uuid('ref'),
  day: date('day'),
  seenAt: timestamp('seen_at', { withTimezone: true }),
  tags: integer('tags').array(),
  meta: jsonb('meta'),
});

export async function createEdgeCaseTables(): Promise<void> {
  await db().execute(sql`
    create table gadgets (
      id serial primary key, org_id integer not null references orgs(id), name varchar(10) not null,
      price numeric(10, 2), ref uuid, day date, seen_at timestamptz, tags integer[], meta jsonb);
  `);
}

export class Gadget extends Model(gadgets, { name: 'Gadget' }) {}

export class LeakyError extends Error {}

/** Records what the misbehaving hooks saw. */
export const edgeCaseLog: string[] = [];

@scope('orgId')
@crud(Gadget, {
  index: { filterable: ['price', 'ref', 'day', 'seenAt', 'name'], sortable: ['name', 'price'] },
  create: { permit: ['name', 'price', 'ref', 'day', 'seenAt', 'tags', 'meta'] },
  update: { permit: ['name', 'price', 'ref', 'day', 'seenAt', 'tags', 'meta'] },
})
export class GadgetController extends ActiveController<TestContext, Gadget> {
  /** Fails after the default `update` has written its row. */
  @after({ only: ['update'] })
  failAfterWrite(): void {
    edgeCaseLog.push('after:update');
    throw new Error('after hook failed: select * from secrets');
  }

  @action('POST')
  explode(): never {
    throw new LeakyError('password=hunter2 at pg://internal');
  }

  /** A rescue that itself fails with a plain Error (driver-like text). */
  @rescue(LeakyError)
  badRescue(): never {
    throw new Error('rescue failed: relation "secrets" does not exist');
  }

  @action('POST')
  returnsNothing(): void {}
}

/** The app's procedure builder: a middleware that adds to the context, as tRPC apps commonly do. */
const withRequestId = baseProcedure.use(({ ctx, next }) => next({ ctx: { ...ctx, requestId: 'r-1' } }));

export const edgeCaseRouters = mergeRouters(
  buildRouter(ProjectController, withRequestId),
  buildRouter(GadgetController),
);

export const edgeCaseHandler = createApiHandler<TestContext>({
  routers: edgeCaseRouters,
  createContext: contextFromRequest,
  authorizeScope: authorizeOrg,
});

/** Like `call` of controllerFixtures, against `edgeCaseHandler`, with a raw URL path allowed. */
export async function edgeCaseCall(
  method: string,
  path: string,
  options: { user?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: unknown; text: string; headers: Headers }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.user) headers['x-user'] = options.user;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] ??= 'application/json';
  }
  const response = await edgeCaseHandler(new Request(`http://localhost${path}`, { method, headers, body }));
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed, text, headers: response.headers };
}
