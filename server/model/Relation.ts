/**
 * An immutable query over one model: every call returns a new Relation, and
 * nothing runs until a loading method (`toArray`, `first`, `find`, `count`,
 * `paginate`, ...) is awaited. Field names are checked against the table's
 * columns and always go through drizzle column objects.
 */
import { inArray, is, SQL } from 'drizzle-orm';
import { MAX_INT4 } from '../shared/int4';
import { db } from './connection';
import { findOrCreate } from './findOrCreate';
import type { ModelBase } from './ModelBase';
import type { ModelClass } from './ModelClass';
import { orderClause } from './orderClause';
import { RecordNotFound } from './RecordNotFound';
import { loadRelation, PAGE_TOTAL, type RelationState, type Selection, selectOf, whereOf } from './relationStatement';
import { runPrepared } from './runPrepared';
import { DEFAULT_COUNT_LIMIT, type OrderSpec, type Page, type PaginateOptions, type WhereConditions } from './types';
import { rawCondition, translateConditions } from './whereConditions';

type Attrs<T> = T extends ModelBase<infer A> ? A : never;
type Field<T> = keyof Attrs<T> & string;

export class Relation<T extends ModelBase = ModelBase> {
  readonly #state: RelationState;

  constructor(
    readonly model: ModelClass<T>,
    state: RelationState = { conditions: [], equalities: {}, order: [], includes: [] },
  ) {
    this.#state = state;
  }

  #with(changes: Partial<RelationState>): Relation<T> {
    return new Relation(this.model, { ...this.#state, ...changes });
  }

  get #meta() {
    return this.model.meta;
  }

  // ---- building -----------------------------------------------------------

  /** Object conditions (array = IN, null = IS NULL) or drizzle SQL; several calls are ANDed. */
  where(conditions: WhereConditions<Attrs<T>> | SQL | undefined): Relation<T> {
    if (conditions === undefined) return this;
    if (isSql(conditions)) return this.#with({ conditions: [...this.#state.conditions, rawCondition(conditions)] });
    const translated = translateConditions(this.#meta, conditions as Record<string, unknown>);
    return this.#with({
      conditions: [...this.#state.conditions, ...translated.conditions],
      equalities: { ...this.#state.equalities, ...translated.equalities },
    });
  }

  /** Applies a named scope; throws a plain Error for an unknown name. */
  scope(name: string, ...args: unknown[]): Relation<T> {
    const scopes = this.#meta.options.scopes ?? {};
    const fn = Object.hasOwn(scopes, name) ? scopes[name] : undefined;
    if (!fn) throw new Error(`${this.#meta.name} has no scope "${name}".`);
    const result = fn(this as unknown as Relation<ModelBase<never>>, ...args);
    if (!(result instanceof Relation)) throw new Error(`${this.#meta.name} scope "${name}" must return a relation.`);
    return result as unknown as Relation<T>;
  }

  /** Appends sort keys: `'name'`, `'-createdAt'`, `{ createdAt: 'desc' }`, `[{ field, dir }]` or SQL. */
  order(spec: OrderSpec<Field<T>>): Relation<T> {
    return this.#with({ order: [...this.#state.order, ...orderClause(this.#meta, spec as OrderSpec)] });
  }

  /** Replaces the sort keys. */
  reorder(spec?: OrderSpec<Field<T>>): Relation<T> {
    return this.#with({ order: spec === undefined ? [] : orderClause(this.#meta, spec as OrderSpec) });
  }

  limit(n: number): Relation<T> {
    return this.#with({ limit: nonNegativeInteger('limit', n) });
  }

  offset(n: number): Relation<T> {
    return this.#with({ offset: nonNegativeInteger('offset', n) });
  }

  /** Eager-loads associations: one statement per association, whatever the number of rows. */
  includes(...names: string[]): Relation<T> {
    const associations = this.#meta.associations(this.model);
    for (const name of names) {
      if (!associations.has(name)) throw new Error(`${this.#meta.name} has no association "${name}".`);
    }
    return this.#with({ includes: [...new Set([...this.#state.includes, ...names])] });
  }

  /** Loads only these attributes (plus `id`); records hold just those keys. */
  select(...fields: Field<T>[]): Relation<T> {
    for (const field of fields) this.#meta.column(field);
    return this.#with({ select: [...new Set(['id', ...fields])] });
  }

  // ---- loading ------------------------------------------------------------

  async toArray(): Promise<T[]> {
    return this.#instantiate(await this.#load('rows'));
  }

  /** First record by the relation's order (by id when unordered), or null. */
  async first(): Promise<T | null> {
    const ordered = this.#state.order.length ? this : this.#with({ order: orderClause(this.#meta, 'id') });
    const [record] = await ordered.limit(1).toArray();
    return record ?? null;
  }

  /** One record with this id within the relation; throws RecordNotFound. One statement. */
  async find(id: number | string): Promise<T> {
    const value = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
    const isInt4 = INT4_COLUMN_TYPES.has(this.#meta.column('id').columnType);
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || (isInt4 && Math.abs(value) > MAX_INT4)) {
      throw new RecordNotFound(this.#meta.name, id);
    }
    const [record] = await this.where({ id: value } as unknown as WhereConditions<Attrs<T>>)
      .limit(1)
      .toArray();
    if (!record) throw new RecordNotFound(this.#meta.name, id);
    return record;
  }

  /** A record matching `conditions` within the relation, or null (no implied order). */
  async findBy(conditions: WhereConditions<Attrs<T>> | SQL): Promise<T | null> {
    const [record] = await this.where(conditions).limit(1).toArray();
    return record ?? null;
  }

  async count(): Promise<number> {
    const { limit, offset } = this.#state;
    const [row] = await this.#load(limit === undefined && offset === undefined ? 'count' : 'count rows');
    return (row?.n as number | undefined) ?? 0;
  }

  async exists(): Promise<boolean> {
    const rows = await this.#with({ limit: 1 }).#load('exists');
    return rows.length > 0;
  }

  /** Values of one attribute, in the relation's order. */
  async pluck<F extends Field<T>>(field: F): Promise<Attrs<T>[F][]> {
    this.#meta.column(field);
    const rows = await this.#load(`pluck ${field}`);
    return rows.map((row) => row.value as Attrs<T>[F]);
  }

  /**
   * One page plus its total, at a cost that does not grow with the table
   * (docs/performance.md, "Index cost"):
   *
   * - the page asks for `perPage + 1` rows, so `hasMore` is exact and the
   *   query can stop at the page (an index scan when an index covers the
   *   conditions and the order; it reads the rows it skips, no more);
   * - the total is counted in the same statement, by a subquery that stops
   *   after `countLimit + 1` rows (`(select count(*) from (select 1 ...
   *   limit n))`, run once per statement). Past the limit, `totalCount` is a
   *   lower bound (`countLimit`, or more when the page is deeper) and
   *   `totalCountCapped` is true. On the last page the total is what the page
   *   shows, exact whatever the limit.
   *
   * So one statement per page (two for a page past the end, which has no row
   * to carry the count); includes add
   * one statement each. Overrides the relation's own limit/offset.
   */
  async paginate({ page, perPage, countLimit = DEFAULT_COUNT_LIMIT }: PaginateOptions): Promise<Page<T>> {
    if (!Number.isInteger(page) || page < 1) throw new Error(`paginate: page must be an integer >= 1 (got ${page}).`);
    if (!Number.isInteger(perPage) || perPage < 1) {
      throw new Error(`paginate: perPage must be an integer >= 1 (got ${perPage}).`);
    }
    if (countLimit !== Number.POSITIVE_INFINITY && (!Number.isInteger(countLimit) || countLimit < 1)) {
      throw new Error(`paginate: countLimit must be an integer >= 1 or Infinity (got ${countLimit}).`);
    }
    const offset = (page - 1) * perPage;
    // One statement: the page (one row more than shown, so hasMore is exact) and, on each row, the count.
    const exact = countLimit === Number.POSITIVE_INFINITY;
    const counted = await this.#with({ limit: perPage + 1, offset }).#load(
      exact ? 'rows counted all' : 'rows counted',
      exact ? undefined : countLimit,
    );
    const hasMore = counted.length > perPage;
    if (hasMore) counted.length = perPage;
    const rows = counted.map(({ [PAGE_TOTAL]: _total, ...attributes }) => attributes);
    let totalCount = offset + rows.length;
    let totalCountCapped = false;
    if (hasMore || (rows.length === 0 && page > 1)) {
      // A page past the end has no row to carry the count: count on its own.
      const total = counted[0]?.[PAGE_TOTAL] as number | undefined;
      const matching = total ?? (await this.#countUpTo(countLimit));
      // What the page itself proves exists (the look-ahead row included).
      const seen = rows.length > 0 ? offset + rows.length + (hasMore ? 1 : 0) : 0;
      totalCountCapped = matching > countLimit;
      totalCount = totalCountCapped ? Math.max(countLimit, seen) : matching;
    }
    const data = await this.#instantiate(rows);
    return { data, pagination: { page, perPage, totalCount, totalCountCapped, hasMore } };
  }

  // ---- writing ------------------------------------------------------------

  /** A new unsaved record carrying the relation's equality conditions (they win over `attributes`). */
  build(attributes?: Partial<Attrs<T>>): T {
    const record = new this.model();
    record.assign({ ...attributes, ...this.#state.equalities } as never);
    return record;
  }

  /** build + save; returns the record, persisted or carrying `errors`. */
  async create(attributes?: Partial<Attrs<T>>): Promise<T> {
    const record = this.build(attributes);
    await record.save();
    return record;
  }

  /**
   * Finds the record matching the relation + `conditions`, or inserts it with
   * `defaults` using INSERT ... ON CONFLICT DO NOTHING and reads it back.
   * Race-safe when a unique index covers the condition columns.
   */
  findOrCreateBy(conditions: Partial<Attrs<T>>, defaults?: Partial<Attrs<T>>): Promise<T> {
    return findOrCreate(this.where(conditions as WhereConditions<Attrs<T>>), defaults);
  }

  /** One UPDATE for every matching row; no validations, hooks or timestamps. Returns rows affected. */
  async updateAll(values: Partial<Attrs<T>> | Record<string, unknown>): Promise<number> {
    for (const field of Object.keys(values)) this.#meta.column(field);
    const query = db()
      .update(this.#meta.table)
      .set(values as never)
      .where(this.#targetCondition());
    const result = await runPrepared(query);
    return (result as unknown as { count: number }).count;
  }

  /** One DELETE for every matching row; no hooks. Returns rows affected. */
  async deleteAll(): Promise<number> {
    const result = await runPrepared(db().delete(this.#meta.table).where(this.#targetCondition()));
    return (result as unknown as { count: number }).count;
  }

  // ---- internals ----------------------------------------------------------

  /** Loads this relation's includes for already-loaded records. */
  async preload(records: readonly T[]): Promise<void> {
    if (records.length === 0) return;
    const associations = this.#meta.associations(this.model);
    for (const name of this.#state.includes) {
      await associations.get(name)?.preload(this.model as unknown as ModelClass, name, records);
    }
  }

  /** The state (for other model-layer modules, e.g. findOrCreate). */
  get equalities(): Readonly<Record<string, unknown>> {
    return this.#state.equalities;
  }

  /** Matching rows, counted up to `limit + 1` at most (unordered, no offset): `n > limit` means "more than limit". */
  async #countUpTo(limit: number): Promise<number> {
    const unbounded = this.#with({ limit: undefined, offset: undefined });
    if (limit === Number.POSITIVE_INFINITY) return unbounded.count();
    const [row] = await unbounded.#with({ limit: limit + 1 }).#load('count rows');
    return (row?.n as number | undefined) ?? 0;
  }

  #load(selection: Selection, countLimit?: number): Promise<Record<string, unknown>[]> {
    return loadRelation(this.#meta, this.#state, selection, countLimit);
  }

  /** The WHERE of updateAll/deleteAll: limit/offset go through an id subquery (still one statement). */
  #targetCondition(): SQL | undefined {
    const state = this.#state;
    if (state.limit === undefined && state.offset === undefined) return whereOf(state, false);
    return inArray(this.#meta.column('id'), selectOf(this.#meta, state, { id: this.#meta.column('id') }, false));
  }

  async #instantiate(rows: readonly Record<string, unknown>[]): Promise<T[]> {
    const records = rows.map((row) => this.model.instantiate(row));
    await this.preload(records);
    return records;
  }
}

const INT4_COLUMN_TYPES = new Set(['PgSerial', 'PgInteger']);

function isSql(value: unknown): value is SQL {
  return is(value, SQL);
}

function nonNegativeInteger(name: string, n: number): number {
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer (got ${n}).`);
  return n;
}
