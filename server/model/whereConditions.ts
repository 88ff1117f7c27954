/**
 * Object-form conditions -> drizzle SQL, through the column objects (a field
 * name is looked up, never interpolated). `{ status: 'active' }` is `=`,
 * `{ id: [1, 2] }` is `"id" = any($1)` with the whole array bound as ONE
 * parameter (10,000 ids stay one placeholder), `{ deletedAt: null }` is
 * IS NULL, and `undefined` throws: silently dropping a condition could drop a
 * tenant filter.
 */
import { eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ModelMeta } from './ModelMeta';

export interface TranslatedConditions {
  sql: SQL[];
  /** Scalar equalities, copied into records built from the relation (scoped create). */
  equalities: Record<string, unknown>;
}

export function translateConditions(meta: ModelMeta, conditions: Record<string, unknown>): TranslatedConditions {
  const result: TranslatedConditions = { sql: [], equalities: {} };
  for (const [field, value] of Object.entries(conditions)) {
    const column = meta.column(field);
    if (value === undefined) throw new Error(`${meta.name}.where: "${field}" is undefined (use null for IS NULL).`);
    if (value === null) {
      result.sql.push(isNull(column));
      result.equalities[field] = null;
    } else if (Array.isArray(value)) {
      result.sql.push(anyOf(column, value));
    } else {
      result.sql.push(eq(column, value));
      result.equalities[field] = value;
    }
  }
  return result;
}

function anyOf(column: PgColumn, values: readonly unknown[]): SQL {
  if (values.length === 0) return sql`false`;
  const encoded = values.map((value) => column.mapToDriverValue(value));
  // postgres.js serialises a JS array into one array parameter when its
  // elements are numbers or strings; PostgreSQL infers the element type from
  // the column. Other element types (booleans, bigints, json) fall back to IN.
  const first = typeof encoded[0];
  if ((first === 'number' || first === 'string') && encoded.every((value) => typeof value === first)) {
    return sql`${column} = any(${sql.param(encoded)})`;
  }
  return inArray(column, values as unknown[]);
}
