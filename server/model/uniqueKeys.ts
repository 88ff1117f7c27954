/**
 * Which attribute sets the table's schema declares unique (primary key,
 * `.unique()` columns, `unique(...)` constraints, unique indexes), so
 * findOrCreateBy knows whether the database itself can stop a duplicate.
 * Read from drizzle's table metadata once per table.
 */
import { getTableColumns, is, SQL } from 'drizzle-orm';
import { type AnyPgColumn, getTableConfig, type PgTable } from 'drizzle-orm/pg-core';

const cache = new WeakMap<PgTable, readonly (readonly string[])[]>();

/** Every unique key of `table`, as attribute (property) names. */
export function uniqueKeys(table: PgTable): readonly (readonly string[])[] {
  const cached = cache.get(table);
  if (cached) return cached;
  // By database name: the constraint callbacks may hold other column objects than the table's.
  const attributeOf = new Map<string, string>(
    Object.entries(getTableColumns(table)).map(([attribute, column]) => [column.name, attribute]),
  );
  const names = (columns: readonly unknown[]) =>
    columns.map((column) => (is(column, SQL) ? undefined : attributeOf.get((column as AnyPgColumn).name)));
  const config = getTableConfig(table);
  const keys: (string | undefined)[][] = [
    ...config.columns.filter((column) => column.primary || column.isUnique).map((column) => names([column])),
    ...config.primaryKeys.map((key) => names(key.columns)),
    ...config.uniqueConstraints.map((constraint) => names(constraint.columns)),
    // A partial unique index (`where ...`) does not cover every row; an expression index is not a column set.
    ...config.indexes
      .filter((index) => index.config.unique && !index.config.where)
      .map((index) => names(index.config.columns)),
  ];
  const result = keys.filter((key): key is string[] => key.every((name) => name !== undefined));
  cache.set(table, result);
  return result;
}

/** True when some unique key of `table` lies within `attributes`: at most one row can match them all. */
export function isUniquelyKeyed(table: PgTable, attributes: readonly string[]): boolean {
  const given = new Set(attributes);
  return uniqueKeys(table).some((key) => key.length > 0 && key.every((name) => given.has(name)));
}
