/**
 * Object-form conditions -> drizzle SQL, through the column objects (a field
 * name is looked up, never interpolated). `{ status: 'active' }` is `=`,
 * `{ id: [1, 2] }` is `"id" = any($1)` with the whole array bound as ONE
 * parameter (10,000 ids stay one placeholder), `{ deletedAt: null }` is
 * IS NULL, and `undefined` throws: silently dropping a condition could drop a
 * tenant filter.
 *
 * Each term also says its shape (the text without the value), so a relation
 * made of such terms is built once per shape (statementCache.ts); a raw SQL
 * condition has no shape and its relation is built per call.
 */
import { eq, inArray, is, isNull, Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { ModelMeta } from './ModelMeta';

/** One ANDed term of a relation's WHERE. */
export interface Condition {
  /** The term without its value, e.g. `teamId=`; null for raw SQL (never cached). */
  readonly shape: string | null;
  /** Whether the term binds `value` (IS NULL and raw SQL bind nothing). */
  readonly binds: boolean;
  readonly value?: unknown;
  /** The term's SQL with `value` itself, or with a placeholder in its place. */
  sql(value?: unknown): SQL;
}

export interface TranslatedConditions {
  conditions: Condition[];
  /** Scalar equalities, copied into records built from the relation (scoped create). */
  equalities: Record<string, unknown>;
}

export function rawCondition(condition: SQL): Condition {
  return { shape: null, binds: false, sql: () => condition };
}

export function translateConditions(meta: ModelMeta, conditions: Record<string, unknown>): TranslatedConditions {
  const result: TranslatedConditions = { conditions: [], equalities: {} };
  for (const [field, value] of Object.entries(conditions)) {
    const column = meta.column(field);
    if (value === undefined) throw new Error(`${meta.name}.where: "${field}" is undefined (use null for IS NULL).`);
    if (value === null) {
      const term = isNull(column);
      result.conditions.push({ shape: `${field} null`, binds: false, sql: () => term });
      result.equalities[field] = null;
    } else if (Array.isArray(value)) {
      result.conditions.push(anyOf(field, column, value));
    } else {
      // The column encodes the value when the statement runs, placeholder or not.
      result.conditions.push({ shape: `${field}=`, binds: true, value, sql: (v) => eq(column, sql.param(v, column)) });
      result.equalities[field] = value;
    }
  }
  return result;
}

function anyOf(field: string, column: PgColumn, values: readonly unknown[]): Condition {
  if (values.length === 0) return { shape: `${field} none`, binds: false, sql: () => sql`false` };
  const encoded = values.map((value) => column.mapToDriverValue(value));
  // postgres.js serialises a JS array into one array parameter when its
  // elements are numbers or strings and the column is a plain number, text or
  // uuid column (drizzle replaces postgres.js's serialisers for date, time
  // and numeric arrays, which then fail to bind); PostgreSQL infers the
  // element type from the column. Everything else falls back to IN, one
  // parameter per element: a text per list length, so never cached.
  const first = typeof encoded[0];
  if (
    ARRAY_BINDABLE.test(column.getSQLType()) &&
    (first === 'number' || first === 'string') &&
    encoded.every((value) => typeof value === first)
  ) {
    return {
      shape: `${field}=any`,
      binds: true,
      value: encoded,
      // Already encoded: a placeholder passes the array through as it is.
      sql: (v) => sql`${column} = any(${is(v, Placeholder) ? v : sql.param(v)})`,
    };
  }
  return rawCondition(inArray(column, values as unknown[]));
}

const ARRAY_BINDABLE =
  /^(smallint|integer|bigint|serial|smallserial|bigserial|real|double precision|text|varchar|char|uuid)\b/;
