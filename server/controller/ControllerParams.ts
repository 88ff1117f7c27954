/**
 * What `this.params` holds during an action, as a closed type: a misspelt
 * key (`this.params.teamIdd`) is a compile error. Scope params are the
 * `@scope` fields (which always end in `Id`), as integers. An action's own
 * input (its zod `input`, or the body of a custom POST) arrives as the
 * method's argument, typed by its parameter; index param scopes (`search`)
 * are applied by the framework before the action runs.
 */
import type { SortTerm } from './parseIndexQuery';

export interface ControllerParams {
  /** `:id` of record actions. */
  readonly id?: number;
  /** `ids` of bulk mutations. */
  readonly ids?: readonly number[];
  /** Attributes of create/update, already limited to `permit`. */
  readonly data?: Readonly<Record<string, unknown>>;
  /** Index paging, sort, filters and requested scopes, validated against the `@crud` index options. */
  readonly page?: number;
  readonly perPage?: number;
  readonly sort?: readonly SortTerm[];
  readonly filter?: Readonly<Record<string, string | readonly string[]>>;
  readonly scopes?: readonly string[];
  /** Scope params, e.g. `teamId` of `@scope('teamId')`. */
  readonly [scopeParam: `${string}Id`]: number;
}
