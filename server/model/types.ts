/**
 * Types shared by the model layer: attribute shapes, where conditions, order
 * specs and error maps. Everything here is derived from drizzle tables; no
 * field list is written by hand.
 */
import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/** Field errors: `{ name: ["can't be blank"] }`; record-level errors under `base`. */
export type FieldErrors = Record<string, string[]>;

/** Any drizzle table a model can be declared on (it must have an integer `id`). */
export type AnyTable = PgTable;

/** A row as drizzle reads it (`table.$inferSelect`): the model's attributes. */
export type SelectOf<TTable extends AnyTable> = TTable['$inferSelect'];

/** What `build`/`create`/`assign` accept: any subset of the insert shape. */
export type NewAttributesOf<TTable extends AnyTable> = Partial<TTable['$inferInsert']>;

/** One condition value: equality, an array (IN, bound as one array parameter) or null (IS NULL). */
export type ConditionValue<V> = V | readonly NonNullable<V>[] | null;

/** Object-form conditions over attributes `A`: `{ status: 'active', id: [1, 2] }`. */
export type WhereConditions<A> = { [K in keyof A]?: ConditionValue<A[K]> };

export type SortDirection = 'asc' | 'desc';

/** One sort key; `field` must be an attribute name. */
export interface OrderField<F extends string = string> {
  field: F;
  dir?: SortDirection;
}

/**
 * What `order()` accepts: `'name'`, `'-createdAt'` (desc), `{ createdAt: 'desc' }`,
 * `[{ field: 'createdAt', dir: 'desc' }, ...]`, or raw drizzle SQL.
 */
export type OrderSpec<F extends string = string> =
  | F
  | `-${F}`
  | { [K in F]?: SortDirection }
  | readonly (OrderField<F> | F | `-${F}`)[]
  | SQL;

export interface PaginateOptions {
  /** 1-based page number. */
  page: number;
  perPage: number;
}

export interface Pagination {
  page: number;
  perPage: number;
  totalCount: number;
  hasMore: boolean;
}

export interface Page<T> {
  data: T[];
  pagination: Pagination;
}

/** A JSON object as `toJSON()` returns it. */
export type JsonObject = { [key: string]: unknown };
