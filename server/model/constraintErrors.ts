/**
 * Database constraint violations -> field errors. Only our own messages go
 * into `errors`; the driver's text (which can echo values and SQL) never does.
 *
 *   23505 unique       -> "has already been taken" on the index's last column
 *                         (unique (team_id, slug) reports `slug`)
 *   23502 not null     -> "can't be blank" on the column
 *   23503 foreign key  -> "must exist" on the column (insert/update);
 *                         on delete: base "is still referenced by other records"
 *   23514 check        -> "is invalid" on the column when the constraint has
 *                         PostgreSQL's default name (<table>_<column>_check), else base
 *   22001 too long     -> base "contains a value that is too long"
 *
 * Customise per constraint with the model option `constraintErrors`.
 */
import type { ModelMeta } from './ModelMeta';
import type { FieldErrors } from './types';

interface PgErrorLike {
  code: string;
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
    case '23503':
      if (operation === 'delete' || pg.table_name !== meta.tableName) {
        return { base: ['is still referenced by other records'] };
      }
      return { [lastKeyColumn(pg, meta) ?? 'base']: ['must exist'] };
    case '23514':
      return { [checkColumn(pg, meta) ?? 'base']: ['is invalid'] };
    case '22001':
      return { base: ['contains a value that is too long'] };
    default:
      return undefined;
  }
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
