/**
 * A relation's state -> the statement that loads it. Built once per shape
 * (statementCache.ts): the first relation of a shape builds drizzle's query
 * with placeholders where its values go, later ones only bind theirs. A
 * relation with an uncacheable term (a raw SQL order, say) is built per call,
 * with its values in place.
 */
import { and, count as countAll, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgSelect } from 'drizzle-orm/pg-core';
import { db } from './connection';
import type { ModelMeta } from './ModelMeta';
import type { OrderTerm } from './orderClause';
import { runPrepared } from './runPrepared';
import { type Preparable, statementsFor } from './statementCache';
import type { Condition } from './whereConditions';

export interface RelationState {
  readonly conditions: readonly Condition[];
  readonly equalities: Readonly<Record<string, unknown>>;
  readonly order: readonly OrderTerm[];
  readonly limit?: number;
  readonly offset?: number;
  readonly includes: readonly string[];
  /** Attribute names to select; all columns when absent. */
  readonly select?: readonly string[];
}

/**
 * What a relation loads: its rows, a count, whether any exists, or one attribute's values (`pluck <field>`).
 * `rows counted` / `rows counted all` is a page: its rows, each carrying in PAGE_TOTAL how many rows match
 * without limit/offset, counted up to the `countLimit` value + 1 (`all`: every one).
 */
export type Selection =
  | 'rows'
  | 'rows counted'
  | 'rows counted all'
  | 'count'
  | 'count rows'
  | 'exists'
  | `pluck ${string}`;

/**
 * The key of a page row's count; Relation#paginate takes it off before building records. A model with a
 * column of that name cannot paginate (the statement refuses to build rather than lose the column).
 */
export const PAGE_TOTAL = '$pageTotal';

type Rows = Record<string, unknown>[];

/** `countLimit`: for `rows counted`, count at most this many rows plus one. */
export function loadRelation(
  meta: ModelMeta,
  state: RelationState,
  selection: Selection,
  countLimit?: number,
): Promise<Rows> {
  const shape = shapeOf(state);
  if (shape === null) return runPrepared(statement(meta, state, selection, false, countLimit));
  const values = valuesOf(state);
  if (countLimit !== undefined) values.countLimit = countLimit + 1;
  return statementsFor(meta.table).run(
    `${selection} ${shape}`,
    () => statement(meta, state, selection, true, countLimit),
    values,
  );
}

/** The statement for `selection`: with the state's values, or with placeholders where they go (`bind`). */
function statement(
  meta: ModelMeta,
  state: RelationState,
  selection: Selection,
  bind: boolean,
  countLimit?: number,
): Preparable<Rows> {
  if (selection === 'rows') return selectOf(meta, state, fieldsOf(meta, state), bind);
  if (selection === 'rows counted' || selection === 'rows counted all') {
    // The count is an uncorrelated subquery: PostgreSQL runs it once per statement (an InitPlan),
    // so a page and its total cost one round trip instead of two.
    if (Object.hasOwn(meta.columns, PAGE_TOTAL)) throw new Error(`paginate: a column named ${PAGE_TOTAL} is reserved`);
    const unpaged = { ...state, limit: undefined, offset: undefined };
    let counted = selectOf(meta, unpaged, { one: sql<number>`1` }, bind, { order: false });
    if (selection === 'rows counted')
      counted = counted.limit(bind ? sql.placeholder('countLimit') : (countLimit ?? 0) + 1);
    const total = sql<number>`(select count(*) from ${counted.as('counted')})`.mapWith(Number);
    return selectOf(meta, state, { ...fieldsOf(meta, state), [PAGE_TOTAL]: total }, bind);
  }
  if (selection === 'count') return selectOf(meta, state, { n: countAll() }, bind, { order: false });
  if (selection === 'exists') return selectOf(meta, state, { one: sql<number>`1` }, bind, { order: false });
  if (selection === 'count rows') {
    // Counts what limit/offset leave; the order cannot change how many, so it is dropped.
    const rows = selectOf(meta, state, { one: sql<number>`1` }, bind, { order: false }).as('counted');
    return db().select({ n: countAll() }).from(rows);
  }
  return selectOf(meta, state, { value: meta.column(selection.slice('pluck '.length)) }, bind);
}

/** Everything the statement's text depends on except the values; null when a term cannot be cached. */
function shapeOf(state: RelationState): string | null {
  const parts = [];
  for (const term of [...state.conditions, ...state.order]) {
    if (term.shape === null) return null;
    parts.push(term.shape);
  }
  const paging = `${state.limit === undefined ? '' : 'L'}${state.offset === undefined ? '' : 'O'}`;
  return `${parts.join(',')} ${state.select?.join(',') ?? '*'} ${paging}`;
}

/** The values for the placeholders of `statement(…, true)`. */
function valuesOf(state: RelationState): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  state.conditions.forEach((condition, i) => {
    condition.values.forEach((value, k) => {
      values[`w${i}.${k}`] = value;
    });
  });
  if (state.limit !== undefined) values.limit = state.limit;
  if (state.offset !== undefined) values.offset = state.offset;
  return values;
}

function fieldsOf(meta: ModelMeta, state: RelationState): Record<string, PgColumn> {
  if (state.select) return Object.fromEntries(state.select.map((name) => [name, meta.column(name)]));
  // Every attribute: the model's column map itself (built once per model; drizzle only reads it).
  return meta.columns as Record<string, PgColumn>;
}

export function whereOf(state: RelationState, bind: boolean): SQL | undefined {
  const terms = state.conditions.map((condition, i) =>
    condition.sql(bind ? condition.values.map((_, k) => sql.placeholder(`w${i}.${k}`)) : undefined),
  );
  return terms.length ? and(...terms) : undefined;
}

export function selectOf<F extends Record<string, PgColumn | SQL | SQL.Aliased>>(
  meta: ModelMeta,
  state: RelationState,
  fields: F,
  bind: boolean,
  options: { order?: boolean } = {},
) {
  const { limit, offset, order } = state;
  let query = db().select(fields).from(meta.table).$dynamic() as unknown as PgSelect;
  const where = whereOf(state, bind);
  if (where) query = query.where(where);
  if (options.order !== false && order.length) query = query.orderBy(...order.map((term) => term.sql));
  if (limit !== undefined) query = query.limit(bind ? sql.placeholder('limit') : limit);
  if (offset !== undefined) query = query.offset(bind ? sql.placeholder('offset') : offset);
  // The select builder loses its row type through $dynamic on a generic table; the shape is `fields`.
  return query as unknown as PgSelect & Preparable<Rows>;
}
