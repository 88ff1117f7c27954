/**
 * Type-level twin of the server's response serialiser
 * (server/controller/serialize.ts): what a value looks like after it went
 * over the wire as JSON. Dates and bigints become strings, records become
 * their attributes and computed fields (via `toJSON()`), functions and `undefined` properties
 * disappear, and a top-level `undefined` becomes `null`.
 *
 * Type-only: nothing here exists at run time.
 */
import type { computedValues, ModelBase } from '../model';

/** Flattens intersections so editor hovers show plain object types. */
export type Simplify<T> = { [K in keyof T]: T[K] } & {};

type AnyFunction = (...args: never[]) => unknown;

/** A nested record of an included association: at least an id, other columns as loaded. */
export type JsonRecord = { id: number; [attribute: string]: unknown };

/** Index response: `{ data, pagination }` (docs/controllers.md "Responses"). */
export interface IndexPage<T> {
  data: T[];
  pagination: { page: number; perPage: number; totalCount: number; totalCountCapped: boolean; hasMore: boolean };
}

type RequiredKeys<T> = {
  [K in keyof T]-?: K extends string ? (undefined extends T[K] ? never : T[K] extends AnyFunction ? never : K) : never;
}[keyof T];
type OptionalKeys<T> = {
  [K in keyof T]-?: K extends string
    ? undefined extends T[K]
      ? Exclude<T[K], undefined> extends AnyFunction
        ? never
        : K
      : never
    : never;
}[keyof T];

/** An object's JSON form: properties that may be undefined become optional, methods vanish. */
export type JsonObjectOf<T, R = never, RJson = never> = Simplify<
  { [K in RequiredKeys<T>]: Serialized<T[K], R, RJson> } & {
    [K in OptionalKeys<T>]?: Serialized<Exclude<T[K], undefined>, R, RJson>;
  }
>;

/**
 * `T` after serialisation. `R`/`RJson` name the controller's own record type
 * and its exact JSON (hidden attributes removed), so a custom action
 * returning that record is typed exactly like `get`.
 */
export type Serialized<T, R = never, RJson = never> = unknown extends T
  ? unknown
  : T extends Date
    ? string
    : T extends bigint
      ? string
      : T extends string | number | boolean | null
        ? T
        : // A method returning nothing answers `null`.
          T extends void
          ? null
          : T extends AnyFunction
            ? never
            : [R] extends [never]
              ? SerializedObject<T, R, RJson>
              : T extends R
                ? RJson
                : SerializedObject<T, R, RJson>;

/** The JSON of a record's computed fields (the model's `computed` option), typed by their schemas. */
type ComputedJson<T> = T extends { readonly [computedValues]?: infer C }
  ? unknown extends C
    ? unknown
    : JsonObjectOf<C>
  : unknown;

type SerializedObject<T, R, RJson> =
  T extends ModelBase<infer A>
    ? Simplify<JsonObjectOf<A> & ComputedJson<T>>
    : T extends { toJSON(): infer J }
      ? Serialized<J, R, RJson>
      : T extends readonly (infer E)[]
        ? Serialized<E, R, RJson>[]
        : T extends object
          ? JsonObjectOf<T, R, RJson>
          : unknown;

/** The record type of a `@crud`/`@singleton` controller (`never` when it did not name one). */
export type RecordOf<C> = C extends { record: infer R } ? NonNullable<R> : never;

/**
 * JSON of a controller's records: from the record type the controller
 * declares (`ActiveController<Ctx, Campaign>`), minus hidden attributes, plus
 * computed fields; when
 * it declares none, `Fallback` (written by the generator from the table's
 * columns).
 */
export type RecordJson<C, Hidden extends string, Fallback> = [RecordOf<C>] extends [never]
  ? Fallback
  : RecordOf<C> extends ModelBase<infer A>
    ? Simplify<Omit<JsonObjectOf<A>, Hidden> & ComputedJson<RecordOf<C>>>
    : Fallback;
