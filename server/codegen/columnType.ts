/**
 * The JSON type of a drizzle column as TypeScript source, for controllers
 * whose class does not name its record type (`ActiveController<Ctx>` on a
 * `@singleton`): the generator then describes the record from the table.
 */
import type { PgColumn } from 'drizzle-orm/pg-core';

/** A single-quoted TypeScript string literal. */
export function quote(value: string): string {
  return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

export function columnType(column: PgColumn): string {
  let type: string;
  switch (column.dataType) {
    case 'string':
      type = column.enumValues?.length ? column.enumValues.map(quote).join(' | ') : 'string';
      break;
    case 'number':
      type = 'number';
      break;
    case 'boolean':
      type = 'boolean';
      break;
    case 'date': // serialised as ISO-8601
    case 'bigint': // serialised as a decimal string
      type = 'string';
      break;
    case 'array':
      type = 'unknown[]';
      break;
    default: // json, custom, buffer: whatever the column holds
      type = 'unknown';
  }
  return column.notNull ? type : `${type} | null`;
}

/**
 * `{ budget: number | null; id: number; ... }` (sorted; hidden attributes left out), plus the
 * computed fields as `unknown`: only their names are known here, their types are the model's
 * (RecordJson reads them from the record type when the controller names one).
 */
export function recordTypeFromColumns(
  columns: Readonly<Record<string, PgColumn>>,
  hidden: ReadonlySet<string>,
  computed: readonly string[] = [],
): string {
  const types = new Map(Object.keys(columns).map((name) => [name, columnType(columns[name] as PgColumn)]));
  for (const name of hidden) types.delete(name);
  for (const name of computed) types.set(name, 'unknown');
  const fields = [...types.keys()].sort().map((name) => `${name}: ${types.get(name)}`);
  return `{ ${fields.join('; ')} }`;
}
