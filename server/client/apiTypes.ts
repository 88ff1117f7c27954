/**
 * The per-controller API description the generator writes into
 * `controllers/client.gen.ts`, and the helpers it uses to read input and
 * output types straight from the controller classes (`import type`), so no
 * type mirrors a controller by hand.
 *
 * Type-only: nothing here exists at run time.
 */
import type { Serialized } from './jsonTypes';
import type { InputShape } from './manifest';

/** One client method: procedure type, argument shape, payload and result types. */
export interface MethodDef<
  Type extends 'query' | 'mutation' = 'query' | 'mutation',
  Shape extends InputShape = InputShape,
  Input = unknown,
  Output = unknown,
> {
  type: Type;
  shape: Shape;
  /** The payload: index options, `data`, or an action's input (unused by `none`/`id`/`ids`). */
  input: Input;
  output: Output;
}

export type QueryDef<Shape extends InputShape, Input, Output> = MethodDef<'query', Shape, Input, Output>;
export type MutationDef<Shape extends InputShape, Input, Output> = MethodDef<'mutation', Shape, Input, Output>;

/** What the generator writes per controller. */
export interface ControllerApi {
  scope: object;
  methods: { [clientName: string]: MethodDef };
}

// biome-ignore lint/suspicious/noExplicitAny: matches any method signature; only its parameters/return type are read.
type AnyMethod = (...args: any[]) => unknown;

type MethodOf<C, K extends PropertyKey> = K extends keyof C ? (C[K] extends AnyMethod ? C[K] : never) : never;

/** The JSON result of controller method `K` (an action, mutation or default-action override). */
export type ActionOutput<C, K extends PropertyKey, R = never, RJson = never> = Serialized<
  Awaited<ReturnType<MethodOf<C, K>>>,
  R,
  RJson
>;

/** Input of a collection action: the method's first parameter. */
export type ActionInput<C, K extends PropertyKey> =
  Parameters<MethodOf<C, K>> extends [] ? undefined : Parameters<MethodOf<C, K>>[0];

/** Extra input of a `load: true` action: its second parameter (after the record), `{}` when absent. */
export type LoadInput<C, K extends PropertyKey> =
  Parameters<MethodOf<C, K>> extends [unknown, infer P, ...unknown[]]
    ? Exclude<P, undefined>
    : Parameters<MethodOf<C, K>> extends [unknown, (infer P)?, ...unknown[]]
      ? Partial<Exclude<P, undefined>>
      : // biome-ignore lint/complexity/noBannedTypes: "no extra fields"; intersected with `{ id: number }`.
        {};

/** `'name'` / `'-name'` (descending), or `{ field, dir }` inside a list. */
export type SortTerm<F extends string> = F | `-${F}`;
export type SortSpec<F extends string> = SortTerm<F> | readonly (SortTerm<F> | { field: F; dir?: 'asc' | 'desc' })[];

type Primitive = string | number | boolean;
/** One value (equality) or a list (IN) of a filterable attribute. */
export type FilterValue<V> =
  NonNullable<V> extends Primitive ? NonNullable<V> | readonly NonNullable<V>[] : string | readonly string[];

/**
 * Index options (docs/controllers.md "Routes, names and input"), limited to the controller's
 * declared `sortable`, `filterable`, `scopes` and `paramScopes`.
 */
export type IndexOptions<
  Sortable extends string,
  Filterable extends object,
  Scopes extends string,
  ParamScopes extends string,
> = {
  /** 1-based page number. */
  page?: number;
  perPage?: number;
  sort?: SortSpec<Sortable>;
  filter?: { [K in keyof Filterable]?: FilterValue<Filterable[K]> };
  /** Replaces the controller's `defaultScopes`. */
  scopes?: readonly Scopes[];
} & { [K in ParamScopes]?: string | number };

/** `Pick` that ignores names the object does not have (the generator passes declared names). */
export type PickKnown<T, K extends string> = Pick<T, K & keyof T>;
