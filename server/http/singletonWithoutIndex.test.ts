/**
 * A `@singleton` with `findOrCreate` over a table with no unique index on its
 * findBy columns: nothing in the database stops a second row, yet 30
 * concurrent POSTs make one (findOrCreateBy takes an advisory lock then; with
 * the index, restActions.test.ts races 50 on the lock-free path).
 */
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ActiveController, db, Model, scope, singleton } from '@/server';
import { authorizeOrg, contextFromRequest, type TestContext } from '@/server/testing/controllerFixtures';
import { closeTestDatabase } from '../testing/testDatabase';
import { buildRouter } from './buildRouter';
import { createApiHandler } from './createApiHandler';

const orgProfiles = pgTable('org_profiles', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  headline: varchar('headline', { length: 80 }).notNull().default('Welcome'),
});
class OrgProfile extends Model(orgProfiles, { name: 'OrgProfile' }) {}

@scope('orgId')
@singleton(OrgProfile, { findBy: (_context: TestContext, params) => ({ orgId: params.orgId }), findOrCreate: true })
class OrgProfileController extends ActiveController<TestContext, OrgProfile> {}

const handler = createApiHandler<TestContext>({
  routers: buildRouter(OrgProfileController),
  createContext: contextFromRequest,
  authorizeScope: authorizeOrg,
});

beforeAll(async () => {
  await db().execute(sql`create table org_profiles (id serial primary key, org_id integer not null,
    headline varchar(80) not null default 'Welcome')`);
});
afterAll(closeTestDatabase);

it('30 concurrent POSTs make one row and all answer it', async () => {
  const post = () =>
    handler(
      new Request('http://localhost/api/orgs/1/org-profiles', { method: 'POST', headers: { 'x-user': '1:1=owner' } }),
    );
  const responses = await Promise.all(Array.from({ length: 30 }, post));
  expect(responses.map((response) => response.status)).toEqual(Array(30).fill(200));
  const ids = new Set(
    await Promise.all(responses.map(async (response) => ((await response.json()) as { id: number }).id)),
  );
  const rows = await db().execute(sql`select org_id, headline from org_profiles`);
  expect(rows).toEqual([{ org_id: 1, headline: 'Welcome' }]);
  expect(ids.size).toBe(1);
});
