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

function valueFor(column: PgColumn, name: string): unknown {
  counter += 1;
  if (column.enumValues?.length) return column.enumValues[0];
  switch (column.columnType) {
    case 'PgNumeric':
      return '1.00';
    case 'PgDateString':
    case 'PgDate':
      return '2026-01-15';
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
      return new Date('2026-01-15T10:30:00Z');
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
    filled[name] = valueFor(column, name);
  }
  // A generic factory: the attributes are checked by the model's validations at run time.
  const record = (await Model.create(filled as never)) as InstanceType<M> & { isPersisted: boolean; errors: object };
  if (!record.isPersisted)
    throw new Error(`createTeamRecord(${Model.modelName}): ${JSON.stringify(record.errors)}; pass valid attributes`);
  return record;
}
