/**
 * The base class of every controller.
 *
 *   class CampaignController extends ActiveController<AppContext, Campaign> { ... }
 *
 * `AppContext` is what the app's `createContext` builds (current user,
 * memberships ...). The optional second parameter is the record type of the
 * `@crud` / `@singleton` model; it types `this.relation` and `this.record`.
 * Plain controllers leave it out, and their `this.relation` is `null`. The
 * third names the `@scope` params (`'teamId'`), so `this.scopeParams.teamId`
 * is a `number` rather than `number | undefined`.
 *
 * The dispatcher creates one instance per request and fills these members
 * before any hook runs.
 */
import type { ModelBase, Relation } from '../model';
import type { ControllerParams } from './ControllerParams';

/** `this.relation`: the model's relation, typed by its records (`pluck('id')` is `number[]`); null without a model. */
export type RelationOf<R> = [R] extends [never] ? null : Relation<Extract<R, ModelBase>>;

export abstract class ActiveController<
  AppContext = unknown,
  R extends ModelBase = never,
  Scope extends string = string,
> {
  /** The request context supplied by the app. */
  context!: AppContext;
  /** Validated input: scope params (numbers), `id`, `data`, `ids` or index options; see ControllerParams. */
  params: ControllerParams = {};
  /** Pre-scoped relation of the model (every `@scope` condition applied); null on a plain controller. */
  relation!: RelationOf<R>;
  /** Just the `@scope` params of this request, e.g. `{ teamId: 1 }` (also present in `params`). */
  // Filled by the dispatcher from the URL (each an integer >= 1, else 400) before any hook runs.
  scopeParams = {} as Record<Scope, number>;
  /** The record loaded by `:id` for record actions, set before `@before` hooks run. */
  record: R | null = null;
  /** The name of the action being dispatched (`index`, `publish`, ...). */
  actionName = '';

  /** Alias of `params`. */
  get input(): ControllerParams {
    return this.params;
  }
}
