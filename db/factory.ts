/**
 * `createTeamRecord(Model, teamId, attributes)`: a valid record of a
 * team-scoped model for tests and seeds, whatever its columns. Every column
 * that must be filled (not null, no default) and is not given gets a value
 * that fits its type; enums take their first value, and booleans false. A
 * unique enum or boolean (default or not) takes the first value the team has
 * not used (the generated tests make two records of a referenced
 * model in one team; `level:enum:gold,silver:unique` must not collide). Used by the generated
 * seeds and tests (`npm run generate -- scaffold`), for the records they
 * reference too. Give attributes for anything your model's rules need.
 */
import { eq, getTableColumns } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { type ModelClass, sentenceWords } from '@/server';
import { db } from './database';

/** Numbers each model's filler values apart (`Supplier 1`, `Supplier 2`, ...), so unique columns never collide. */
const counters = new Map<string, number>();

/** Columns whose value names the record: seeded as the model's name and a number (`Supplier 3`, `Line item 3`). */
const TITLE_COLUMNS = new Set(['name', 'title']);

/** 2026-01-15 plus `days` (UTC), so each record gets its own date. */
const dayAfter = (days: number) => new Date(Date.UTC(2026, 0, 15 + days, 10, 30));

/** `Supplier 3`, the words shortened to fit a varchar's length (`string:8`: `Suppl 3`), the number kept. */
function numbered(words: string, counter: number, column: PgColumn): string {
  const max = (column as { length?: number }).length;
  const text = `${words} ${counter}`;
  if (!max || text.length <= max) return text;
  const room = max - String(counter).length - 1;
  return room > 0 ? `${words.slice(0, room).trimEnd()} ${counter}` : String(counter).slice(-max);
}

/**
 * A value of the column's type. Every call gives another one (a counter per model), whatever the type, so a
 * column with a unique constraint never collides across records (three per team in the seeds, more in tests).
 * Text reads like the record's (`Supplier 3` in a `name` or `title`) or the column's (`Email 3`); change
 * the words here, keeping the number.
 */
export function fillerValue(column: PgColumn, name: string, model = ''): unknown {
  const counter = (counters.get(model) ?? 0) + 1;
  counters.set(model, counter);
  if (column.enumValues?.length) return column.enumValues[0];
  switch (column.columnType) {
    case 'PgNumeric':
      return `${counter}.00`;
    case 'PgDateString':
    case 'PgDate':
      return dayAfter(counter).toISOString().slice(0, 10);
    default:
      break;
  }
  switch (column.dataType) {
    case 'string':
      return numbered(sentenceWords(TITLE_COLUMNS.has(name) && model ? model : name), counter, column);
    case 'number':
      return counter;
    case 'bigint':
      return BigInt(counter);
    case 'boolean':
      return false;
    case 'date':
      return dayAfter(counter);
    default:
      return null;
  }
}

export async function createTeamRecord<M extends ModelClass>(
  Model: M,
  teamId: number,
  attributes: Record<string, unknown> = {},
): Promise<InstanceType<M>> {
  const filled: Record<string, unknown> = { teamId, ...attributes };
  const unique = uniqueColumns(Model.table);
  for (const [name, column] of Object.entries(getTableColumns(Model.table) as Record<string, PgColumn>)) {
    if (name in filled || !column.notNull || column.primary) continue;
    const few = fewValues(column);
    // A unique one is filled even when it has a default (`featured:boolean:unique` defaults to false).
    if (few && unique.has(column.name)) filled[name] = await valueTheTeamHasNot(Model.table, column, teamId, few);
    else if (!column.hasDefault) filled[name] = fillerValue(column, name, Model.modelName);
  }
  // A generic factory: the attributes are checked by the model's validations at run time.
  const record = (await Model.create(filled as never)) as InstanceType<M> & { isPersisted: boolean; errors: object };
  if (!record.isPersisted)
    throw new Error(`createTeamRecord(${Model.modelName}): ${JSON.stringify(record.errors)}; pass valid attributes`);
  return record;
}

/** The values of a column that has only so many (an enum's, a boolean's two); undefined for the rest. */
function fewValues(column: PgColumn): readonly unknown[] | undefined {
  if (column.enumValues?.length) return column.enumValues;
  return column.dataType === 'boolean' ? [false, true] : undefined;
}

/** Names of the columns in a unique constraint or index of the table, alone or with others (`unique().on(t.teamId, t.level)`). */
function uniqueColumns(table: PgTable): Set<string> {
  const { columns, uniqueConstraints, indexes } = getTableConfig(table);
  return new Set([
    ...columns.filter((column) => column.isUnique).map((column) => column.name),
    ...uniqueConstraints.flatMap((constraint) => constraint.columns.map((column) => column.name)),
    // An index lists its columns by name (an expression, such as lower(email), has none).
    ...indexes
      .filter((index) => index.config.unique)
      .flatMap((index) => index.config.columns.map((column) => (column as { name?: unknown }).name))
      .filter((name): name is string => typeof name === 'string'),
  ]);
}

/** The first of `values` no record of the team holds yet; the first value when every one is taken (the save then says so). */
async function valueTheTeamHasNot(table: PgTable, column: PgColumn, teamId: number, values: readonly unknown[]) {
  const teamColumn = getTableColumns(table).teamId as PgColumn | undefined;
  if (!teamColumn) return values[0];
  const rows = await db().selectDistinct({ value: column }).from(table).where(eq(teamColumn, teamId));
  const taken = new Set(rows.map((row) => row.value));
  return values.find((value) => !taken.has(value)) ?? values[0];
}
