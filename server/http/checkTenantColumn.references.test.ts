/**
 * `createApiHandler({ tenantColumn })` keeps permitted references in the
 * tenant: a card may point at its own org's board, never at another org's,
 * on create or update, and the refusal names the field. Real tables.
 * (The check is the model layer's, server/model/tenantReferences.ts, whose
 * test shows a link across orgs being written without it.)
 */
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActiveController } from '../controller/ActiveController';
import { crud, scope } from '../controller/decorators';
import { belongsTo, db, keepReferencesInTenant, Model } from '../model';
import { authorizeOrg, contextFromRequest, type TestContext } from '../testing/controllerFixtures';
import { closeTestDatabase } from '../testing/testDatabase';
import { buildRouter } from './buildRouter';
import { createApiHandler } from './createApiHandler';

const boards = pgTable('ref_boards', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  name: varchar('name', { length: 50 }).notNull(),
});
const cards = pgTable('ref_cards', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  boardId: integer('board_id'),
  title: varchar('title', { length: 50 }).notNull(),
});
class Board extends Model(boards, { name: 'RefBoard' }) {}
class Card extends Model(cards, { name: 'RefCard' }) {
  static associations = { board: belongsTo(() => Board) };
}

const permit = ['title', 'boardId'] as const;

@scope('orgId')
@crud(Card, { create: { permit }, update: { permit } })
class CardController extends ActiveController<TestContext, Card> {}

const handler = createApiHandler<TestContext>({
  routers: buildRouter(CardController),
  createContext: contextFromRequest,
  authorizeScope: authorizeOrg,
  tenantColumn: 'orgId',
});

async function send(method: string, path: string, data: unknown) {
  const response = await handler(
    new Request(`http://localhost/api${path}`, {
      method,
      headers: { 'x-user': '1:1=member', 'content-type': 'application/json' },
      body: JSON.stringify({ data }),
    }),
  );
  return { status: response.status, body: await response.json() };
}

let own: number;
let other: number;

beforeAll(async () => {
  await db().execute(sql`
    create table ref_boards (id serial primary key, org_id integer not null, name varchar(50) not null);
    create table ref_cards (id serial primary key, org_id integer not null, board_id integer references ref_boards(id),
      title varchar(50) not null)`);
  own = (await Board.create({ orgId: 1, name: 'ours' })).id;
  other = (await Board.create({ orgId: 2, name: 'theirs' })).id;
});
afterAll(closeTestDatabase);

describe('references with tenantColumn', () => {
  it("refuses a card on another org's board, on create and on update, naming the field", async () => {
    const refused = await send('POST', '/orgs/1/cards', { title: 'x', boardId: other });
    expect(refused.status).toBe(422);
    expect(refused.body.error.fields).toEqual({ boardId: ['must exist'] });
    const created = await send('POST', '/orgs/1/cards', { title: 'y', boardId: own });
    expect(created.status).toBe(201);
    const moved = await send('PATCH', `/orgs/1/cards/${created.body.id}`, { boardId: other });
    expect(moved.status).toBe(422);
    expect((await Card.find(created.body.id)).boardId).toBe(own);
    expect(await Card.where({ boardId: other }).count()).toBe(0);
  });

  it('lets a card have no board', async () => {
    expect((await send('POST', '/orgs/1/cards', { title: 'z', boardId: null })).status).toBe(201);
  });

  it('is the rule the option turns on, for the column it names', () => {
    expect(() => keepReferencesInTenant('teamId')).toThrow(/the tenant column is already 'orgId'/);
  });
});
