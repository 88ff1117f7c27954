/**
 * The names a model class declares, as types: its attributes, named scopes,
 * associations and attachment slots. The controller framework checks `@crud`
 * / `@singleton` configuration against them, so a typo in `sortable`,
 * `include` or `scopes` is a compile error.
 *
 * A model known only as `ModelClass` (code that handles models generically)
 * declares "any string": nothing is checked there, as before.
 */
import type { declaredOptions } from './Model';
import type { AttributesOf } from './ModelClass';

/** The options the model was declared with (`Model(table, options)`); `undefined` when unknown. */
type OptionsOf<M> = M extends { readonly [declaredOptions]?: infer O }
  ? unknown extends O
    ? undefined
    : O
  : undefined;

/** Names under `options[K]` (an object, or a thunk returning one). */
type NamesUnder<O, K extends string> = O extends { readonly [P in K]?: infer V }
  ? keyof (NonNullable<V> extends () => infer R ? R : NonNullable<V>) & string
  : never;

/** Associations of a static `associations` (a thunk or an object) on the class. */
type StaticAssociationNames<M> = M extends { readonly associations: infer A }
  ? keyof (A extends () => infer R ? R : A) & string
  : never;

/** Attribute names of the model's records: `'id' | 'name' | 'teamId' | ...`. */
export type AttributeName<M> = keyof AttributesOf<M> & string;

/** Named scopes (`Model(table, { scopes: {...} })`). */
export type ScopeName<M> = [OptionsOf<M>] extends [undefined] ? string : NamesUnder<OptionsOf<M>, 'scopes'>;

/**
 * What `include` accepts: associations (the class's static `associations`
 * or the `associations` option) and attachment slots (`attachments`).
 */
export type IncludeName<M> = [OptionsOf<M>] extends [undefined]
  ? string
  : StaticAssociationNames<M> | NamesUnder<OptionsOf<M>, 'associations'> | NamesUnder<OptionsOf<M>, 'attachments'>;
