/**
 * A kept statement (statementCache.ts) run without drizzle's per-call work.
 *
 * drizzle's prepared query, on every execute, finds its placeholders among
 * the parameters with `is()` checks, wraps the call in three tracing spans
 * and a cache layer, and maps each row with its generic mapper (an `is()`
 * check per column per row, nested paths, join nullability). For a shape
 * built once, all of that can be decided once: which parameter takes which
 * value, and which decoder each column of the row goes through. The index
 * request spent about 7% of its server CPU there (docs/performance.md,
 * "Statements run without drizzle's per-call work").
 *
 * The result is the same: the same text and parameters go through the same
 * client (so tracing, the prepared-statement bound and transactions apply
 * as before), the query logger sees them (countQueries), rows come back as
 * drizzle would map them, and a failure is drizzle's `DrizzleQueryError` with
 * the driver's error as its `cause`. A query this cannot compile (nested
 * selections deeper than one level or from a left join, relational queries, statements without a row
 * selection such as an insert without `returning`) returns null from
 * `compileStatement`, and the caller runs drizzle's own execute.
 * compiledStatement.test.ts compares the two on every column type.
 */
import { DrizzleQueryError, is, Param, Placeholder, SQL } from 'drizzle-orm';
import type { Logger } from 'drizzle-orm/logger';
import type postgres from 'postgres';

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What a drizzle postgres-js prepared query keeps (drizzle-orm 0.45, PostgresJsPreparedQuery). */
interface DrizzlePreparedQuery {
  client: postgres.Sql;
  queryString: string;
  params: unknown[];
  logger: Logger;
  prepare?: boolean;
  fields?: { path: string[]; field: unknown }[];
  customResultMapper?: unknown;
  /** Per joined table, whether its columns are never all null (false: a left join, which drizzle maps to null). */
  joinsNotNullableMap?: Record<string, boolean>;
}

/** One parameter: a fixed value, or the value named `name` (through `encoder` when drizzle gave one). */
type ParamSource = { value: unknown } | { name: string; encoder: Param['encoder'] | null };

export type CompiledStatement<R> = (client: postgres.Sql, values: Record<string, unknown>) => Promise<R>;

function decoderOf(field: unknown): Decoder | null {
  // An SQL expression's decoder is what `.mapWith()` set (drizzle marks the field internal).
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, SQL.Aliased)) return (field.sql as unknown as { decoder: Decoder }).decoder;
  // A column is its own decoder (PgTimestamp turns text into a Date, PgNumeric keeps a string ...).
  const candidate = field as Partial<Decoder> | null;
  return typeof candidate?.mapFromDriverValue === 'function' ? (candidate as Decoder) : null;
}

function paramSource(param: unknown): ParamSource {
  if (is(param, Placeholder)) return { name: param.name, encoder: null };
  if (is(param, Param) && is(param.value, Placeholder)) return { name: param.value.name, encoder: param.encoder };
  return { value: param };
}

/** `prepared` as a function of its placeholder values, or null when it is not a flat row selection. */
export function compileStatement<R>(prepared: unknown): CompiledStatement<R> | null {
  const query = prepared as Partial<DrizzlePreparedQuery>;
  const { queryString, params, fields, logger } = query;
  if (typeof queryString !== 'string' || !Array.isArray(params) || !logger) return null;
  if (!Array.isArray(fields) || query.customResultMapper) return null;
  // A left-joined table's object becomes null when all its columns are: left to drizzle.
  const nullable = Object.values(query.joinsNotNullableMap ?? {}).includes(false);
  const paths: string[][] = [];
  const decoders: Decoder[] = [];
  for (const { path, field } of fields) {
    const decoder = decoderOf(field);
    if (!decoder || path.length === 0 || path.length > 2 || (path.length === 2 && nullable)) return null;
    paths.push(path);
    decoders.push(decoder);
  }
  const sources = params.map(paramSource);
  const options = { prepare: query.prepare ?? false };

  const fill = (values: Record<string, unknown>): unknown[] =>
    sources.map((source) => {
      if ('value' in source) return source.value;
      if (!(source.name in values)) throw new Error(`No value for placeholder "${source.name}" was provided`);
      const value = values[source.name];
      return source.encoder ? source.encoder.mapToDriverValue(value) : value;
    });

  // `select({ id, asset: { ...columns } })` nests one level: { id, asset: { ... } }.
  const mapRow = (row: unknown[]): Record<string, unknown> => {
    const result: Record<string, unknown> = {};
    for (let i = 0; i < paths.length; i++) {
      const raw = row[i];
      const value = raw === null ? null : (decoders[i] as Decoder).mapFromDriverValue(raw);
      const [key, nested] = paths[i] as [string, string?];
      if (nested === undefined) {
        result[key] = value;
      } else {
        const object = (result[key] ?? {}) as Record<string, unknown>;
        object[nested] = value;
        result[key] = object;
      }
    }
    return result;
  };

  return async (client, values) => {
    const parameters = fill(values);
    logger.logQuery(queryString, parameters);
    let rows: unknown[][];
    try {
      // postgres.js's parameter type wants its own serialisable values; drizzle passes the same array.
      rows = await client.unsafe(queryString, parameters as never[], options).values();
    } catch (error) {
      throw new DrizzleQueryError(queryString, parameters, error as Error);
    }
    return rows.map(mapRow) as R;
  };
}
