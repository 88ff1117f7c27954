/**
 * Object-form conditions -> drizzle SQL, through the column objects (a field
 * name is looked up, never interpolated). `{ status: 'active' }` is `=`,
 * `{ id: [1, 2] }` is `"id" = any($1)` with the whole array bound as ONE
 * parameter (10,000 ids stay one placeholder), `{ deletedAt: null }` is
 * IS NULL, and `undefined` throws: silently dropping a condition could drop a
 * tenant filter.
 *
 * Each term also says its shape (its text without the values), so a relation
 * is built once per shape (statementCache.ts) and afterwards only bound.
 */
import { eq, inArray, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgDialect } from 'drizzle-orm/pg-core';
import { db } from './connection';
import type { ModelMeta } from './ModelMeta';

/** One ANDed term of a relation's WHERE. */
export interface Condition {
  /** The term's text without its values, e.g. `teamId=`; null when it cannot be cached. */
  readonly shape: string | null;
  /** The values the term binds, in order (none for IS NULL). */
  readonly values: readonly unknown[];
  /** The term's SQL: with its own values, or with these placeholders (one per value) in their place. */
  sql(placeholders?: readonly Placeholder[]): SQL;
}

export interface TranslatedConditions {
  conditions: Condition[];
  /** Scalar equalities, copied into records built from the relation (scoped create). */
  equalities: Record<string, unknown>;
}

export function translateConditions(meta: ModelMeta, conditions: Record<string, unknown>): TranslatedConditions {
  const result: TranslatedConditions = { conditions: [], equalities: {} };
  for (const [field, value] of Object.entries(conditions)) {
    const column = meta.column(field);
    if (value === undefined) throw new Error(`${meta.name}.where: "${field}" is undefined (use null for IS NULL).`);
    if (value === null) {
      result.conditions.push(fixed(`${field} null`, isNull(column)));
      result.equalities[field] = null;
    } else if (Array.isArray(value)) {
      result.conditions.push(anyOf(field, column, value));
    } else {
      // The column encodes the value when the statement runs, placeholder or not.
      result.conditions.push({
        shape: `${field}=`,
        values: [value],
        sql: (placeholders) => eq(column, sql.param(placeholders ? placeholders[0] : value, column)),
      });
      result.equalities[field] = value;
    }
  }
  return result;
}

/**
 * A condition written as drizzle SQL (a scope such as `sql\`status <> 'archived'\``
 * or `ilike(name, term)`). Its shape is its own text, rendered once per
 * call (a few µs for a fragment); its parameters, already encoded, become
 * the values. A text whose `$n` markers are not exactly its parameters in
 * order (a literal '$1' inside a string, say) is never cached.
 */
export function rawCondition(condition: SQL): Condition {
  const dialect = currentDialect();
  if (!dialect) return { shape: null, values: [], sql: () => condition };
  const { sql: text, params } = dialect.sqlToQuery(condition);
  const markers = [...text.matchAll(/\$(\d+)/g)].map((match) => Number(match[1]));
  if (markers.length !== params.length || markers.some((n, i) => n !== i + 1)) {
    return { shape: null, values: [], sql: () => condition };
  }
  const pieces = text.split(/\$\d+/);
  return {
    shape: `(${text})`,
    values: params,
    sql: (placeholders) => {
      if (!placeholders) return condition;
      const chunks = pieces.flatMap((piece, i) =>
        i < placeholders.length ? [sql.raw(piece), placeholders[i]] : [sql.raw(piece)],
      );
      return sql.join(chunks as SQL[]);
    },
  };
}

/** The database's own dialect (it renders names with the app's casing settings); none before one is registered. */
function currentDialect(): PgDialect | undefined {
  try {
    return (db() as unknown as { dialect?: PgDialect }).dialect;
  } catch {
    return undefined;
  }
}

function fixed(shape: string, term: SQL): Condition {
  return { shape, values: [], sql: () => term };
}

function anyOf(field: string, column: PgColumn, values: readonly unknown[]): Condition {
  if (values.length === 0) return fixed(`${field} none`, sql`false`);
  const encoded = values.map((value) => column.mapToDriverValue(value));
  // postgres.js serialises a JS array into one array parameter when its
  // elements are numbers or strings and the column is a plain number, text or
  // uuid column (drizzle replaces postgres.js's serialisers for date, time
  // and numeric arrays, which then fail to bind); PostgreSQL infers the
  // element type from the column. Everything else falls back to IN, one
  // parameter per element (a text per list length).
  const first = typeof encoded[0];
  if (
    ARRAY_BINDABLE.test(column.getSQLType()) &&
    (first === 'number' || first === 'string') &&
    encoded.every((value) => typeof value === first)
  ) {
    // Already encoded: a placeholder passes the array through as it is.
    return {
      shape: `${field}=any`,
      values: [encoded],
      sql: (placeholders) => sql`${column} = any(${placeholders ? placeholders[0] : sql.param(encoded)})`,
    };
  }
  return rawCondition(inArray(column, values as unknown[]));
}

const ARRAY_BINDABLE =
  /^(smallint|integer|bigint|serial|smallserial|bigserial|real|double precision|text|varchar|char|uuid)\b/;
