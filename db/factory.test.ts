/** The factory's filler values: of the column's type, and never the same twice (unique columns). */
import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  varchar,
} from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Model } from '@/server';
import { closeDb, db } from './database';
import { createTeamRecord, fillerValue } from './factory';

const gadgets = pgTable('gadgets', {
  id: serial('id').primaryKey(),
  name: varchar('name', { length: 255 }).notNull(),
  notes: text('notes').notNull(),
  count: integer('count').notNull(),
  big: bigint('big', { mode: 'number' }).notNull(),
  price: numeric('price', { precision: 12, scale: 2 }).notNull(),
  day: date('day').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
});

describe('fillerValue', () => {
  it('gives every column type a different value on each call, so unique columns do not collide', () => {
    for (const [name, column] of Object.entries(getTableColumns(gadgets))) {
      if (name === 'id') continue;
      const [first, second] = [fillerValue(column, name), fillerValue(column, name)];
      expect(String(second), name).not.toBe(String(first));
    }
  });

  it("reads like the record: a name or title is the model's name and a number, other text the column's", () => {
    const columns = getTableColumns(gadgets);
    const short = getTableColumns(pgTable('codes', { name: varchar('name', { length: 8 }).notNull() }));
    expect(fillerValue(columns.name, 'name', 'LineItem')).toMatch(/^Line item \d+$/);
    expect(fillerValue(columns.notes, 'notes', 'LineItem')).toMatch(/^Notes \d+$/);
    expect(fillerValue(columns.name, 'releaseNote', 'LineItem')).toMatch(/^Release note \d+$/);
    // A varchar shorter than the words keeps the number, so the value stays unique and fits.
    expect(fillerValue(short.name, 'name', 'Supplier')).toMatch(/^Supp\w* \d+$/);
    expect(String(fillerValue(short.name, 'name', 'Supplier')).length).toBeLessThanOrEqual(8);
  });

  it('keeps each value in its column format', () => {
    const { price, day, at } = getTableColumns(gadgets);
    expect(fillerValue(price, 'price')).toMatch(/^\d{1,10}\.00$/);
    expect(fillerValue(day, 'day')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(fillerValue(at, 'at')).toBeInstanceOf(Date);
  });
});

// A unique enum and a unique boolean per team, as `level:enum:gold,silver,bronze:unique` and `featured:boolean:unique`
// generate them: a resource referencing this one makes two of it in one team in its tests.
const tiers = pgTable(
  'factory_tiers',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').notNull(),
    level: varchar('level', { length: 20, enum: ['gold', 'silver', 'bronze'] }).notNull(),
    featured: boolean('featured').notNull().default(false),
  },
  (t) => [
    unique('factory_tiers_level_key').on(t.teamId, t.level),
    unique('factory_tiers_featured_key').on(t.teamId, t.featured),
  ],
);
class Tier extends Model(tiers, { name: 'FactoryTier' }) {}

describe('createTeamRecord', () => {
  beforeAll(async () => {
    await db().execute(sql`
      create table factory_tiers (
        id serial primary key,
        team_id integer not null,
        level varchar(20) not null,
        featured boolean not null default false,
        constraint factory_tiers_level_key unique (team_id, level),
        constraint factory_tiers_featured_key unique (team_id, featured)
      )`);
  });
  afterAll(async () => {
    await db().execute(sql`drop table factory_tiers`);
    await closeDb();
  });

  it("gives a unique enum or boolean a value the team does not hold yet, so a team's records do not collide", async () => {
    const first = await createTeamRecord(Tier, 1);
    const second = await createTeamRecord(Tier, 1);
    const elsewhere = await createTeamRecord(Tier, 2);
    expect([first.level, second.level, elsewhere.level]).toEqual(['gold', 'silver', 'gold']);
    expect([first.featured, second.featured, elsewhere.featured]).toEqual([false, true, false]);
    // Every value taken: the save says so, naming the attributes to give.
    await expect(createTeamRecord(Tier, 1)).rejects.toThrow(/has already been taken.*pass valid attributes/);
  });
});
