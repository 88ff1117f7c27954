/**
 * Database constraint violations -> field errors. Only our own messages go
 * into `errors`; the driver's text (which can echo values and SQL) never does.
 *
 *   23505 unique       -> "has already been taken" on the index's last column
 *                         (unique (team_id, slug) reports `slug`)
 *   23502 not null     -> "can't be blank" on the column
 *   23503 foreign key  -> "must exist" on the column (insert/update: the row
 *                         it names is missing); on delete (a row that others
 *                         still point at): base "Supplier is still referenced
 *                         by products", naming the referencing table in words
 *   23001 restrict     -> the same base error (an ON DELETE RESTRICT key, as
 *                         PostgreSQL 18 reports it)
 *   23514 check        -> "is invalid" on the column when the constraint has
 *                         PostgreSQL's default name (<table>_<column>_check), else base
 *   22001 too long     -> "is too long (maximum is N characters)" on the
 *                         written value that is too long for varchar(N)
 *   22003 out of range, 22P02 / 22007 / 22008 bad text for a type
 *                      -> "is out of range" / "is invalid" on the written
 *                         column of that type (numeric, integer, date, ...)
 *   PostgreSQL names no column for the 22xxx value errors: the written values
 *   are matched against the type in its message; base when none or several fit.
 *
 * Customise per constraint with the model option `constraintErrors`.
 */
import type { ModelMeta } from './ModelMeta';
import type { FieldErrors } from './types';

interface PgErrorLike {
  code: string;
  message?: string;
  constraint_name?: string;
  column_name?: string;
  table_name?: string;
  detail?: string;
}

/** The PostgreSQL error inside a drizzle/postgres.js error, if any. */
export function pgErrorOf(error: unknown): PgErrorLike | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const candidate = current as Partial<PgErrorLike> & { name?: string; cause?: unknown };
    if (candidate.name === 'PostgresError' && typeof candidate.code === 'string') return candidate as PgErrorLike;
    current = candidate.cause;
  }
  return undefined;
}

export function translateConstraintError(
  error: unknown,
  meta: ModelMeta,
  operation: 'write' | 'delete',
  written: Record<string, unknown> = {},
): FieldErrors | undefined {
  const pg = pgErrorOf(error);
  if (!pg) return undefined;
  const custom = pg.constraint_name ? meta.options.constraintErrors?.[pg.constraint_name] : undefined;
  if (custom) return { [custom.field ?? 'base']: [custom.message] };
  switch (pg.code) {
    case '23505':
      return { [lastKeyColumn(pg, meta) ?? 'base']: ['has already been taken'] };
    case '23502':
      return { [attribute(meta, pg.column_name) ?? 'base']: ["can't be blank"] };
    case '23001':
      // restrict_violation: PostgreSQL 18 reports an ON DELETE RESTRICT key this way (earlier ones, 23503).
      return { base: [stillReferenced(pg, meta)] };
    case '23503':
      if (operation === 'delete' || pg.table_name !== meta.tableName) {
        return { base: [stillReferenced(pg, meta)] };
      }
      return { [lastKeyColumn(pg, meta) ?? 'base']: ['must exist'] };
    case '23514':
      return { [checkColumn(pg, meta) ?? 'base']: ['is invalid'] };
    case '22001': {
      const length = Number(/\((\d+)\)/.exec(pg.message ?? '')?.[1]);
      const field = tooLongField(written, length);
      return field
        ? { [field]: [`is too long (maximum is ${length} characters)`] }
        : { base: ['contains a value that is too long'] };
    }
    case '22003':
      return { [typedField(pg, meta, written) ?? 'base']: ['is out of range'] };
    case '22P02':
    case '22007':
    case '22008':
      return { [typedField(pg, meta, written) ?? 'base']: ['is invalid'] };
    default:
      return undefined;
  }
}

/**
 * `Supplier is still referenced by products`: a sentence, since a page shows a
 * base error alone. PostgreSQL reports the referencing table as the error's
 * table (an identifier, never a value); `line_items` reads "line items".
 */
function stillReferenced(pg: PgErrorLike, meta: ModelMeta): string {
  const by = pg.table_name ? pg.table_name.replace(/_/g, ' ') : 'other records';
  return `${meta.name} is still referenced by ${by}`;
}

function attribute(meta: ModelMeta, columnName: string | undefined): string | undefined {
  return columnName ? meta.attributeByColumnName.get(columnName) : undefined;
}

/** `Key (team_id, slug)=(1, x) already exists.` -> `slug` (only the column list is read). */
function lastKeyColumn(pg: PgErrorLike, meta: ModelMeta): string | undefined {
  const match = /^Key \(([^)]*)\)=/.exec(pg.detail ?? '');
  const names = match?.[1]?.split(',').map((name) => name.trim().replace(/^"|"$/g, '')) ?? [];
  for (const name of names.reverse()) {
    const found = attribute(meta, name);
    if (found) return found;
  }
  return undefined;
}

function checkColumn(pg: PgErrorLike, meta: ModelMeta): string | undefined {
  const prefix = `${meta.tableName}_`;
  const name = pg.constraint_name ?? '';
  if (!name.startsWith(prefix) || !name.endsWith('_check')) return undefined;
  return attribute(meta, name.slice(prefix.length, -'_check'.length));
}

/**
 * The one written string longer than `length`, counted as PostgreSQL may
 * (code points in UTF8, bytes in SQL_ASCII). The declared length is not
 * required to match: a table changed under the code is what produces 22001.
 */
function tooLongField(written: Record<string, unknown>, length: number): string | undefined {
  const tooLong = (value: unknown) =>
    typeof value === 'string' && ([...value].length > length || Buffer.byteLength(value) > length);
  return single(Object.keys(written).filter((name) => tooLong(written[name])));
}

/**
 * The one written column whose SQL type the message names ("invalid input
 * syntax for type integer: "x"", "value "9" is out of range for type
 * integer", "numeric field overflow", "date/time field value out of range"),
 * narrowed by the value the message quotes when it quotes one.
 */
function typedField(pg: PgErrorLike, meta: ModelMeta, written: Record<string, unknown>): string | undefined {
  const message = pg.message ?? '';
  const named = /for type ([a-z ]+?)(?:[:(]|$)/.exec(message)?.[1]?.trim();
  const quoted = /"([^"]*)"/.exec(message)?.[1];
  const matchesType = (sqlType: string) => {
    if (named) return sqlType === named || sqlType.startsWith(`${named}(`);
    if (message.startsWith('numeric field overflow')) return sqlType.startsWith('numeric');
    if (message.startsWith('date/time')) return /^(date|time|timestamp)/.test(sqlType);
    return false;
  };
  const candidates = Object.keys(written).filter((name) => {
    const column = meta.columns[name];
    return column !== undefined && written[name] !== null && matchesType(column.getSQLType());
  });
  const byValue = candidates.filter((name) => String(written[name]) === quoted);
  return single(byValue.length > 0 ? byValue : candidates);
}

function single(names: string[]): string | undefined {
  return names.length === 1 ? names[0] : undefined;
}
