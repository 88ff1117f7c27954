/**
 * The decorators of the spec. Each one only records metadata; nothing runs
 * until `buildRouter()` compiles the class. Legacy (experimentalDecorators)
 * semantics: class decorators apply bottom-up, so `@scope` prepends and the
 * topmost `@scope` in the source becomes the outermost URL segment.
 */

import type { InstanceOf, ModelBase, Relation } from '../model';
import type { ActionMethod, MethodDecoratorFor, MutationMethod } from './actionSignature';
import {
  type ActionFilter,
  type ActionOptions,
  type ControllerDocs,
  type CrudConfig,
  type ErrorClass,
  type HookOptions,
  type HttpMethod,
  type MutationOptions,
  ownMetadata,
  type SingletonConfig,
} from './metadata';
import type { ModelLike } from './types';

type ClassDecorator = (target: abstract new (...args: never[]) => unknown) => void;

/**
 * A controller class whose records are the decorator's model's: the class
 * must extend `ActiveController<AppContext, Campaign>` for `@crud(Campaign)`.
 * Forgetting the second type parameter (this.relation is then `null`) or
 * naming another model fails to compile here, on the decorator.
 */
export interface ControllerOfModel<M, Ctx = unknown> {
  relation: Relation<Extract<InstanceOf<M>, ModelBase>>;
  /** The context the config's callbacks were written for must be the controller's. */
  context: Ctx;
}
export type ResourceDecorator<M, Ctx = unknown> = (
  target: abstract new (...args: never[]) => ControllerOfModel<M, Ctx>,
) => void;
type MethodDecorator = (target: object, propertyKey: string | symbol, descriptor?: PropertyDescriptor) => void;

function methodName(propertyKey: string | symbol): string {
  if (typeof propertyKey !== 'string') throw new Error('Controller decorators need string method names');
  return propertyKey;
}

/**
 * Marks a controller; `path` overrides the path inferred from the class name.
 *
 * @example
 * ```ts
 * @controller('reports') // GET /api/reports/summary
 * export class ReportController extends ActiveController<AppContext> {
 *   @action('GET') summary() { return { ok: true }; }
 * }
 * ```
 */
export function controller(path?: string): ClassDecorator {
  return (target) => {
    ownMetadata(target).path = path;
  };
}

/**
 * Lets callers who are not signed in reach the controller's actions (all of
 * them, or those `only` names; `except` leaves some out). Without it every
 * action requires a signed-in caller: the app's guard (`authorizeScope`) runs
 * for every action and is told `allowAnonymous` in its target. Declare it
 * where a page must work before sign-in (looking up an invitation link), never
 * to skip the check a hook of your own makes anyway.
 *
 * @example
 * ```ts
 * @allowAnonymous({ only: ['lookup'] }) // POST /api/invitations/lookup without a session
 * @controller('/invitations')
 * export class InvitationAcceptanceController extends ActiveController<AppContext> { ... }
 * ```
 */
export function allowAnonymous(filter: ActionFilter = {}): ClassDecorator {
  return (target) => {
    ownMetadata(target).anonymous.push(filter);
  };
}

/** Documents the controller in the OpenAPI description (tag, description, texts of CRUD actions). */
export function apiDoc(docs: ControllerDocs): ClassDecorator {
  return (target) => {
    ownMetadata(target).docs = docs;
  };
}

/**
 * Attaches a model and the CRUD configuration (index/get/create/update/destroy).
 *
 * @example
 * ```ts
 * @crud(Post, {
 *   index: { sortable: ['createdAt'], defaultSort: { field: 'createdAt', dir: 'desc' }, filterable: ['status'] },
 *   create: { permit: ['title', 'body'], autoSet: { createdById: (ctx: AppContext) => ctx.user!.id } },
 *   update: { permit: ['title', 'body'] },
 * })
 * export class PostController extends ActiveController<AppContext, Post> {} // /api/posts[/:id]
 * ```
 */
export function crud<M extends ModelLike, Ctx = unknown, AutoSet extends string = never>(
  model: M,
  config: CrudConfig<Ctx, M, AutoSet> = {},
): ResourceDecorator<M, Ctx> {
  return (target) => {
    ownMetadata(target).resource = { kind: 'crud', model, config: config as CrudConfig };
  };
}

/**
 * A one-per-parent resource found by `config.findBy(context, params)`.
 *
 * @example
 * ```ts
 * @scope('teamId')
 * @singleton(TeamSetting, {
 *   findBy: (_ctx, params) => ({ teamId: params.teamId }),
 *   findOrCreate: true, // POST creates it with defaultValues when absent
 *   update: { permit: ['timezone'] },
 * })
 * export class TeamSettingsController extends ActiveController<AppContext, TeamSetting> {} // /api/teams/:teamId/team-settings
 * ```
 */
export function singleton<M extends ModelLike, Ctx = unknown>(
  model: M,
  config: SingletonConfig<Ctx, M>,
): ResourceDecorator<M, Ctx> {
  return (target) => {
    ownMetadata(target).resource = { kind: 'singleton', model, config: config as unknown as SingletonConfig };
  };
}

/**
 * URL nesting and automatic filtering by `field` (e.g. `teamId` -> `/teams/:teamId`). Repeatable:
 * the topmost `@scope` in the source is the outermost segment.
 *
 * @example
 * ```ts
 * @scope('teamId')
 * @scope('campaignId')
 * @crud(Post) // /api/teams/:teamId/campaigns/:campaignId/posts, queries filtered by both
 * export class PostController extends ActiveController<AppContext, Post> {}
 * ```
 */
export function scope(field: string): ClassDecorator {
  return (target) => {
    ownMetadata(target).scopes.unshift(field);
  };
}

/**
 * A record-level (or, with `bulk`, many-record) state change: `POST .../:id/<name>`.
 *
 * @example
 * ```ts
 * @mutation() // POST .../campaigns/:id/publish; receives the loaded record
 * async publish(campaign: Campaign) { await campaign.update({ status: 'active' }); return campaign; }
 *
 * @mutation({ bulk: true, records: false }) // POST .../campaigns/bulk-archive {"ids": [1, 2]}
 * bulkArchive(ids: number[]) { return this.relation.updateAll({ status: 'archived' }); } // relation already limited to ids
 * ```
 */
export function mutation<const O extends MutationOptions = Record<never, never>>(
  options: O = {} as O,
): MethodDecoratorFor<MutationMethod<O>> {
  return (target, key) => {
    ownMetadata(target.constructor).methods.push({ kind: 'mutation', name: methodName(key), options });
  };
}

/**
 * A custom endpoint: `@action('GET')`, `@action('POST', '/path')`, `@action('GET', undefined, { load: true })`.
 *
 * @example
 * ```ts
 * @action('GET') // GET .../campaigns/stats
 * stats() { return this.relation.count(); }
 *
 * @action('POST', '/import', { input: z.object({ url: z.string().url() }) }) // POST .../campaigns/import
 * importFrom(input: { url: string }) { ... }
 *
 * @action('GET', undefined, { load: true }) // GET .../campaigns/:id/score; receives the record
 * score(campaign: Campaign) { ... }
 * ```
 */
export function action<const O extends ActionOptions = Record<never, never>>(
  httpMethod: HttpMethod,
  path?: string,
  options: O = {} as O,
): MethodDecoratorFor<ActionMethod<O>> {
  return (target, key) => {
    ownMetadata(target.constructor).methods.push({ kind: 'action', name: methodName(key), httpMethod, path, options });
  };
}

/**
 * Runs the method before the action (after the record is loaded); throw to refuse
 * (returning a value, such as `false`, is an error: it would not stop the action).
 * Parent class hooks run first; `only` / `except` name actions, `if` a method or a function.
 *
 * @example
 * ```ts
 * @before({ only: ['update', 'destroy'], if: 'isShared' })
 * requireOwner() { if (this.record?.createdById !== this.context.user?.id) throw new Forbidden('Owner only'); }
 * ```
 */
export function before(options: HookOptions = {}): MethodDecorator {
  return (target, key) => {
    ownMetadata(target.constructor).before.push({ name: methodName(key), options });
  };
}

/**
 * Runs the method after the action; it receives the action's result and returns nothing
 * (a returned value would not replace the response, so it is an error).
 *
 * @example
 * ```ts
 * @after({ only: ['create'] })
 * audit(created: Campaign) { console.info('created', created.id); }
 * ```
 */
export function after(options: HookOptions = {}): MethodDecorator {
  return (target, key) => {
    ownMetadata(target.constructor).after.push({ name: methodName(key), options });
  };
}

/**
 * Handles errors of `errorClass`: throw to convert, return a value to answer with it.
 * Searched from the controller's own class up to its parents, in declaration order.
 *
 * @example
 * ```ts
 * @rescue(QuotaExceeded, { only: ['create'] })
 * quota(error: QuotaExceeded) { throw new AppError('UNPROCESSABLE_ENTITY', error.message); }
 * ```
 */
export function rescue(errorClass: ErrorClass, options: ActionFilter = {}): MethodDecorator {
  return (target, key) => {
    ownMetadata(target.constructor).rescues.push({ name: methodName(key), errorClass, options });
  };
}
