/**
 * `keepReferencesInTenant(column)`: whoever saves a record (an app's own
 * action, a job, a script), a reference to a model that has the tenant column
 * must name a row of the record's own tenant. Real tables; the first test
 * runs before the rule is turned on, to show it is what refuses.
 */
import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestDatabase } from '../testing/testDatabase';
import { belongsTo } from './belongsTo';
import { db } from './connection';
import { Model } from './Model';
import { countQueries } from './queryCounter';
import { keepReferencesInTenant } from './tenantReferences';

const orgs = pgTable('tref_orgs', { id: serial('id').primaryKey(), name: varchar('name', { length: 50 }).notNull() });
const boards = pgTable('tref_boards', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  name: varchar('name', { length: 50 }).notNull(),
});
const cards = pgTable('tref_cards', {
  id: serial('id').primaryKey(),
  orgId: integer('org_id').notNull(),
  boardId: integer('board_id'),
  pinnedBoardId: integer('pinned_board_id'),
  title: varchar('title', { length: 50 }).notNull(),
});
class Org extends Model(orgs, { name: 'TrefOrg' }) {}
class Board extends Model(boards, { name: 'TrefBoard' }) {}
class Card extends Model(cards, { name: 'TrefCard' }) {
  static associations = {
    org: belongsTo(() => Org),
    board: belongsTo(() => Board),
    pinnedBoard: belongsTo(() => Board),
  };

  /** A model's own rule for the field: its message is the one shown. */
  validate(): void {
    if (this.title === 'pin-check' && this.pinnedBoardId !== null) this.addError('pinnedBoardId', 'is not pinnable');
  }
}

let ours: number;
let theirs: number;

beforeAll(async () => {
  await db().execute(sql`
    create table tref_orgs (id serial primary key, name varchar(50) not null);
    create table tref_boards (id serial primary key, org_id integer not null, name varchar(50) not null);
    create table tref_cards (id serial primary key, org_id integer not null, board_id integer references tref_boards(id),
      pinned_board_id integer references tref_boards(id), title varchar(50) not null)`);
  await Org.create({ name: 'one' });
  await Org.create({ name: 'two' });
  ours = (await Board.create({ orgId: 1, name: 'ours' })).id;
  theirs = (await Board.create({ orgId: 2, name: 'theirs' })).id;
});
afterAll(closeTestDatabase);

describe('keepReferencesInTenant', () => {
  it('is what refuses: before it is on, a card links to another org’s board', async () => {
    const crossed = await Card.create({ orgId: 1, title: 'before', boardId: theirs });
    expect(crossed.isPersisted).toBe(true);
    await db().execute(sql`delete from tref_cards`);
  });

  it('refuses a new card on another org’s board, names the key, and writes nothing', async () => {
    keepReferencesInTenant('orgId');
    const card = Card.build({ orgId: 1, title: 'x', boardId: theirs });
    expect(await card.save()).toBe(false);
    expect(card.errors).toEqual({ boardId: ['must exist'] });
    expect(await Card.count()).toBe(0);
    expect((await Card.create({ orgId: 1, title: 'ok', boardId: ours, pinnedBoardId: null })).isPersisted).toBe(true);
  });

  it('refuses moving a reference, and moving the record to another org under its references', async () => {
    const card = await Card.create({ orgId: 1, title: 'move', boardId: ours });
    expect(await card.assign({ boardId: theirs }).save()).toBe(false);
    expect((await Card.find(card.id)).boardId).toBe(ours);
    const reloaded = await Card.find(card.id);
    expect(await reloaded.assign({ orgId: 2 }).save()).toBe(false);
    expect(reloaded.errors).toEqual({ boardId: ['must exist'] });
    expect((await Card.find(card.id)).orgId).toBe(1);
  });

  it('checks a record loaded without the tenant column against its row', async () => {
    const card = await Card.create({ orgId: 1, title: 'partial', boardId: ours });
    const partial = await Card.where({ id: card.id }).select('id', 'boardId').first();
    expect(await partial?.assign({ boardId: theirs }).save()).toBe(false);
    expect(partial?.errors).toEqual({ boardId: ['must exist'] });
  });

  it('costs nothing when no reference changes, one statement per changed one', async () => {
    const card = await Card.create({ orgId: 1, title: 'cost', boardId: ours });
    const untouched = await countQueries(() => card.assign({ title: 'renamed' }).save());
    expect(untouched.result).toBe(true);
    expect(untouched.statements.filter((text) => /tref_boards/.test(text))).toEqual([]);
    const moved = await countQueries(() => card.assign({ pinnedBoardId: ours }).save());
    expect(moved.result).toBe(true);
    expect(moved.statements.filter((text) => /tref_boards/.test(text))).toHaveLength(1);
  });

  it('leaves references to models without the tenant column alone, and null references', async () => {
    // Org has no orgId column: a card may name any org row (the app's own rules decide).
    expect((await Card.create({ orgId: 1, title: 'org link', boardId: null })).isPersisted).toBe(true);
  });

  it('gives way to the model’s own message for the field', async () => {
    const card = Card.build({ orgId: 1, title: 'pin-check', pinnedBoardId: theirs });
    expect(await card.save()).toBe(false);
    expect(card.errors).toEqual({ pinnedBoardId: ['is not pinnable'] });
  });

  it('takes one tenant column per app', () => {
    expect(() => keepReferencesInTenant('orgId')).not.toThrow();
    expect(() => keepReferencesInTenant('teamId')).toThrow(/already 'orgId'/);
  });
});
