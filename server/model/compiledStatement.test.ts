/**
 * A compiled statement answers exactly what drizzle's own execute answers:
 * the same rows (every column type's decoder, nested selections, SQL
 * expressions with `mapWith`), the same parameters, the same logged
 * statement and the same error, on a real PostgreSQL. Shapes it cannot
 * compile are left to drizzle.
 */
import { DrizzleQueryError, eq, Param, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeTestDatabase } from '../testing/testDatabase';
import { compileStatement } from './compiledStatement';
import { db } from './connection';
import { countQueries } from './queryCounter';

const things = pgTable('compiled_things', {
  id: serial('id').primaryKey(),
  label: text('label').notNull(),
  count: integer('count'),
  big: bigint('big', { mode: 'bigint' }),
  bigNumber: bigint('big_number', { mode: 'number' }),
  price: numeric('price', { precision: 10, scale: 2 }),
  ratio: doublePrecision('ratio'),
  flag: boolean('flag'),
  data: jsonb('data').$type<{ nested: { list: number[] } }>(),
  tags: text('tags').array(),
  day: date('day'),
  dayDate: date('day_date', { mode: 'date' }),
  at: timestamp('at', { withTimezone: true }),
  atLocal: timestamp('at_local'),
  atText: timestamp('at_text', { withTimezone: true, mode: 'string' }),
  ref: uuid('ref'),
});

const parts = pgTable('compiled_parts', {
  id: serial('id').primaryKey(),
  thingId: integer('thing_id').notNull(),
  name: text('name').notNull(),
});

type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

const client = () => (db() as unknown as { $client: postgres.Sql }).$client;

/** Runs `prepared` both ways with `values`; returns both answers and the statements each logged. */
async function bothWays(prepared: Prepared, values: Record<string, unknown> = {}) {
  const compiled = compileStatement<unknown>(prepared);
  if (!compiled) throw new Error('expected a compiled statement');
  const viaDrizzle = await countQueries(() => prepared.execute(values));
  const viaCompiled = await countQueries(() => compiled(client(), values));
  return { drizzle: viaDrizzle, compiled: viaCompiled };
}

beforeAll(async () => {
  await db().execute(sql`
    create table compiled_things (
      id serial primary key, label text not null unique, count integer, big bigint, big_number bigint,
      price numeric(10, 2), ratio double precision, flag boolean, data jsonb, tags text[], day date,
      day_date date, at timestamptz, at_local timestamp, at_text timestamptz, ref uuid)`);
  await db().execute(
    sql`create table compiled_parts (id serial primary key, thing_id integer not null, name text not null)`,
  );
  await db()
    .insert(things)
    .values([
      {
        label: 'full',
        count: 7,
        big: 9_007_199_254_740_993n,
        bigNumber: 42,
        price: '12.50',
        ratio: 0.25,
        flag: true,
        data: { nested: { list: [1, 2] } },
        tags: ['a', 'b, c', 'ünï'],
        day: '2026-11-27',
        dayDate: new Date('2026-11-27T00:00:00Z'),
        at: new Date('2026-11-27T07:12:13.456Z'),
        atLocal: new Date('2026-11-27T07:12:13.456Z'),
        atText: '2026-11-27 07:12:13.456+00',
        ref: '8d9e5c1e-4a3b-4c5d-9e6f-7a8b9c0d1e2f',
      },
      { label: 'empty' },
    ]);
  const ids = await db().select({ id: things.id }).from(things).orderBy(things.id);
  await db()
    .insert(parts)
    .values([
      { thingId: ids[0]?.id as number, name: 'wheel' },
      { thingId: ids[0]?.id as number, name: 'axle' },
    ]);
});
afterAll(closeTestDatabase);

describe('compileStatement', () => {
  it('maps every column type as drizzle does, nulls included, and logs the same statement', async () => {
    const prepared = db()
      .select()
      .from(things)
      .where(eq(things.label, sql.placeholder('label')))
      .prepare('model');
    for (const label of ['full', 'empty', 'missing']) {
      const { drizzle, compiled } = await bothWays(prepared, { label });
      expect(compiled.result).toStrictEqual(drizzle.result);
      expect(compiled.statements).toEqual(drizzle.statements);
      expect(compiled.parameters).toEqual(drizzle.parameters);
    }
    const [full] = (await bothWays(prepared, { label: 'full' })).compiled.result as Record<string, unknown>[];
    // Decoded, not raw driver values: the comparison above would pass on two equally wrong answers.
    expect(full?.at).toEqual(new Date('2026-11-27T07:12:13.456Z'));
    expect(full?.big).toBe(9_007_199_254_740_993n);
    expect(full?.data).toEqual({ nested: { list: [1, 2] } });
  });

  it('nests a one-level selection from an inner join, and decodes SQL expressions with mapWith', async () => {
    const prepared = db()
      .select({
        thing: { id: things.id, label: things.label, at: things.at },
        part: parts.name,
        total: sql<number>`(select count(*) from ${parts})`.mapWith(Number),
        shout: sql<string>`upper(${parts.name})`.as('shout'),
      })
      .from(parts)
      .innerJoin(things, eq(things.id, parts.thingId))
      .orderBy(parts.name)
      .limit(sql.placeholder('limit'))
      .prepare('model');
    const { drizzle, compiled } = await bothWays(prepared, { limit: 5 });
    expect(compiled.result).toStrictEqual(drizzle.result);
    expect(compiled.result).toEqual([
      { thing: expect.objectContaining({ label: 'full' }), part: 'axle', total: 2, shout: 'AXLE' },
      { thing: expect.objectContaining({ label: 'full' }), part: 'wheel', total: 2, shout: 'WHEEL' },
    ]);
  });

  it('encodes a placeholder bound to a column through that column, and names a missing value', async () => {
    // drizzle encodes a placeholder's value only when it is a Param's (a bare placeholder goes as it is).
    const at = new Param(sql.placeholder('at'), things.at);
    const prepared = db().select({ id: things.id }).from(things).where(sql`${things.at} = ${at}`).prepare('model');
    const { drizzle, compiled } = await bothWays(prepared, { at: new Date('2026-11-27T07:12:13.456Z') });
    expect(compiled.result).toStrictEqual(drizzle.result);
    expect(compiled.result).toHaveLength(1);
    const run = compileStatement(prepared);
    await expect(run?.(client(), {})).rejects.toThrow('No value for placeholder "at" was provided');
  });

  it("fails as drizzle does: a DrizzleQueryError with the driver's error as its cause", async () => {
    const prepared = db()
      .insert(things)
      .values({ label: sql.placeholder('label') as unknown as string })
      .returning({ id: things.id })
      .prepare('model');
    const compiled = compileStatement(prepared);
    const viaDrizzle = await prepared.execute({ label: 'full' }).catch((error: unknown) => error);
    const viaCompiled = await compiled?.(client(), { label: 'full' }).catch((error: unknown) => error);
    expect(viaCompiled).toBeInstanceOf(DrizzleQueryError);
    expect(viaDrizzle).toBeInstanceOf(DrizzleQueryError);
    expect((viaCompiled as DrizzleQueryError).message).toBe((viaDrizzle as DrizzleQueryError).message);
    expect(((viaCompiled as DrizzleQueryError).cause as { code?: string }).code).toBe('23505');
  });

  it('leaves to drizzle what it cannot compile: left joins, statements without rows', () => {
    const leftJoined = db().select().from(parts).leftJoin(things, eq(things.id, parts.thingId)).prepare('model');
    expect(compileStatement(leftJoined)).toBeNull();
    const noRows = db().insert(parts).values({ thingId: 1, name: 'bolt' }).prepare('model');
    expect(compileStatement(noRows)).toBeNull();
    expect(compileStatement({ execute: async () => [] })).toBeNull();
  });
});
