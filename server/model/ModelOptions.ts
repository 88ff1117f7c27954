/**
 * Options of `Model(table, options)`. Other subsystems may add keys through
 * declaration merging (`declare module '@/server/model/ModelOptions'`) and read
 * them in a model plugin (see modelPlugins.ts): that is the extension point
 * for attachment slots and similar declarations.
 */
import type { z } from 'zod';
import type { Associations } from './Association';
import type { ModelBase } from './ModelBase';
import type { Relation } from './Relation';
import type { AnyTable, SelectOf } from './types';

/**
 * A named scope: receives the relation (plus the caller's arguments) and
 * returns a narrowed one. Arguments are `any[]` so a scope can declare typed
 * parameters (`(q, term: string) => ...`); callers by name pass `unknown`s.
 */
export type ScopeFn<A extends Record<string, unknown>> = (
  relation: Relation<ModelBase<A>>,
  // biome-ignore lint/suspicious/noExplicitAny: scope parameters are declared by each scope; see above.
  ...args: any[]
) => Relation<ModelBase<A>>;

/** Message for a named database constraint, attached to `field` (or `base`). */
export interface ConstraintMessage {
  field?: string;
  message: string;
}

/**
 * `computed` names: any but a column's (declaring one fails too, naming it: computedFields.ts).
 * A table known only as `AnyTable` has no column names to refuse.
 */
export type ComputedSchemas<TTable extends AnyTable> = {
  readonly [name: string]: z.ZodType;
} & (string extends keyof SelectOf<TTable> ? unknown : { readonly [K in keyof SelectOf<TTable>]?: never });

export interface ModelOptions<TTable extends AnyTable> {
  /** Explicit model name (error messages, RecordNotFound, attachable_type). Default: singular PascalCase table name. */
  name?: string;
  /** Attributes never serialised by toJSON (password hashes, tokens). */
  hidden?: readonly (keyof SelectOf<TTable> & string)[];
  /**
   * Attributes named like credentials (`...Token`, `...Secret`, `...Hash`) that are meant to be read:
   * any other such attribute must be `hidden`, or declaring the model fails (credentialColumns.ts).
   */
  exposed?: readonly (keyof SelectOf<TTable> & string)[];
  /** Named scopes, applied with `relation.scope(name, ...args)`. */
  scopes?: Record<string, ScopeFn<SelectOf<TTable>>>;
  /**
   * Associations, in a thunk so models may reference each other in any order.
   * Prefer a static `associations` on the class: when two models reference
   * each other, this option needs a return type annotation (`(): Associations =>`),
   * else TypeScript reports the class as "referenced in its own base expression".
   */
  associations?: () => Associations;
  /**
   * Per-attribute zod schemas checked on save; the message becomes the
   * field error. Missing values fail with "can't be blank". Cross-field rules
   * go in the model's `validate()` method.
   */
  validations?: { [K in keyof SelectOf<TTable>]?: z.ZodType };
  /**
   * Values computed from the record, answered with its attributes: name -> zod schema of the value,
   * read from the model's getter of that name (`computed: { overdue: z.boolean() }` with
   * `override get overdue(): boolean { ... }` on the class; `override` because the option declares the
   * property, so tsc checks the getter against the schema). The schema types the record property, the
   * generated client's JSON and the OpenAPI record; it is not checked at run time. Getters are
   * synchronous and do no I/O, as toJSON. A record read with some columns only (an association's
   * `columns`, `select()`) leaves them out: its getter could read a column that was not loaded.
   */
  computed?: ComputedSchemas<TTable>;
  /** Friendly messages for named database constraints, e.g. `{ widgets_price_positive: { field: 'price', message: 'must be positive' } }`. */
  constraintErrors?: Record<string, ConstraintMessage>;
}
