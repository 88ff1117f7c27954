/**
 * `createTeamRecord(Model, teamId, attributes)`: a valid record of a
 * team-scoped model for tests and seeds, whatever its columns. Every column
 * that must be filled (not null, no default) and is not given gets a value
 * that fits its type; enums take their first value. Used by the generated
 * seeds and tests (`npm run generate -- scaffold`), for the records they
 * reference too. Give attributes for anything your model's rules need.
 */
import { getTableColumns } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ModelClass } from '@/server';

let counter = 0;

/** 2026-01-15 plus `days` (UTC), so each record gets its own date. */
const dayAfter = (days: number) => new Date(Date.UTC(2026, 0, 15 + days, 10, 30));

/**
 * A value of the column's type. Every call gives another one (a counter), whatever the type, so a
 * column with a unique constraint never collides across records (two per team in the seeds, more in tests).
 */
export function fillerValue(column: PgColumn, name: string): unknown {
  counter += 1;
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
      return `${name} ${counter}`;
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
  for (const [name, column] of Object.entries(getTableColumns(Model.table) as Record<string, PgColumn>)) {
    if (name in filled || !column.notNull || column.hasDefault || column.primary) continue;
    filled[name] = fillerValue(column, name);
  }
  // A generic factory: the attributes are checked by the model's validations at run time.
  const record = (await Model.create(filled as never)) as InstanceType<M> & { isPersisted: boolean; errors: object };
  if (!record.isPersisted)
    throw new Error(`createTeamRecord(${Model.modelName}): ${JSON.stringify(record.errors)}; pass valid attributes`);
  return record;
}
