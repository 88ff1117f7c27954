/**
 * Declares a model from a drizzle table:
 *
 *   export class Campaign extends Model(campaigns, {
 *     name: 'Campaign',
 *     hidden: ['secretHash'],
 *     scopes: { active: (q) => q.where({ status: 'active' }) },
 *     validations: { name: visibleText() },    // "can't be blank" also when nothing in it shows
 *     associations: () => ({ creator: belongsTo(() => User, { foreignKey: 'createdById', columns: ['id', 'name'] }) }),
 *     computed: { overdue: z.boolean() },   // answered with the attributes, typed by the schema
 *   }) {
 *     override get overdue(): boolean { ... } // the computed field's value: synchronous, no I/O
 *     validate(): void { ... }            // record-level rules
 *     beforeDestroy(): boolean | undefined { ... }
 *   }
 *
 * Attributes and their types come from the table (`$inferSelect`), as
 * properties on the record (`campaign.name`). The returned class carries the
 * static API of ModelBase (`Campaign.where(...)`, `Campaign.find(id)`).
 */
import type { z } from 'zod';
import type { ModelBase as ModelBaseType } from './ModelBase';
import { ModelBase } from './ModelBase';
import type { ModelClass } from './ModelClass';
import { buildModelMeta, type ModelMeta } from './ModelMeta';
import type { ModelOptions } from './ModelOptions';
import { registerModel } from './modelPlugins';
import type { AnyTable, NewAttributesOf, SelectOf } from './types';

/** The record type of a model declared on `TTable`: the record API plus typed attribute properties. */
export type Record_<TTable extends AnyTable> = ModelBaseType<SelectOf<TTable>> & SelectOf<TTable>;

/**
 * Type-only key under which a record keeps the types of its model's computed
 * fields, so its JSON type (server/client/jsonTypes.ts) can add them. No such
 * property exists at run time.
 */
export declare const computedValues: unique symbol;

/** The `computed` option's schemas; never when there is none (or only the option's general type). */
type ComputedSchemasOf<TOptions> = TOptions extends { readonly computed?: infer C }
  ? C extends Readonly<Record<string, z.ZodType>>
    ? string extends keyof C
      ? never
      : C
    : never
  : never;

type OutputsOf<C extends Readonly<Record<string, z.ZodType>>> = { readonly [K in keyof C]: z.output<C[K]> };

/**
 * What the `computed` option adds to the record type: each name, read-only, typed by its schema.
 * The model's `get overdue()` overrides that property, so `tsc` refuses a getter of another type.
 */
export type ComputedValues<TOptions> = [ComputedSchemasOf<TOptions>] extends [never]
  ? unknown
  : OutputsOf<ComputedSchemasOf<TOptions>> & {
      readonly [computedValues]?: OutputsOf<ComputedSchemasOf<TOptions>>;
    };

/**
 * Type-only key under which a declared model keeps the type of its options,
 * so declarations made elsewhere (`@crud` config: scope, association and
 * attachment names) can be checked against them. No such property exists at
 * run time.
 */
export declare const declaredOptions: unique symbol;

/** What `Model(table, options)` returns: a class to extend. */
export type DeclaredModel<TTable extends AnyTable, TOptions extends ModelOptions<TTable> = ModelOptions<TTable>> = Omit<
  typeof ModelBase,
  'prototype' | 'table'
> & {
  new (attributes?: NewAttributesOf<TTable>): Record_<TTable> & ComputedValues<TOptions>;
  readonly prototype: Record_<TTable> & ComputedValues<TOptions>;
  readonly table: TTable;
  readonly [declaredOptions]?: TOptions;
};

/**
 * Declares a model class over a drizzle table; extend what it returns.
 *
 * @example
 * ```ts
 * export class Post extends Model(posts, {
 *   name: 'Post', // explicit: minification renames classes
 *   validations: { title: visibleText() },
 *   scopes: { recent: (q) => q.order('-createdAt').limit(10) },
 * }) {
 *   static associations = () => ({ campaign: belongsTo(() => models.Campaign) });
 * }
 *
 * const post = await Post.create({ title: 'Hello', campaignId: 1 }); // post.errors is {} when saved
 * const page = await Post.where({ campaignId: 1 }).scope('recent').toArray();
 * ```
 */
export function Model<TTable extends AnyTable, const TOptions extends ModelOptions<TTable> = ModelOptions<TTable>>(
  table: TTable,
  options: TOptions = {} as TOptions,
): DeclaredModel<TTable, TOptions> {
  const meta: ModelMeta = buildModelMeta(table, options as ModelOptions<AnyTable>);
  class Declared extends ModelBase<SelectOf<TTable>> {}
  Object.defineProperty(Declared, 'meta', { value: meta, enumerable: false });
  // Attribute properties live on the prototype and go through read/writeAttribute
  // (dirty tracking). With useDefineForClassFields off (see tsconfig), class
  // field declarations in a subclass would not shadow them; don't declare any.
  for (const name of meta.attributeNames) {
    Object.defineProperty(Declared.prototype, name, {
      configurable: true,
      enumerable: false,
      get(this: ModelBase) {
        return this.readAttribute(name);
      },
      set(this: ModelBase, value: unknown) {
        this.writeAttribute(name, value);
      },
    });
  }
  registerModel(Declared as unknown as ModelClass);
  return Declared as unknown as DeclaredModel<TTable, TOptions>;
}
