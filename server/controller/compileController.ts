/**
 * Turns a decorated controller class into its route table, once, at boot.
 * Every declaration mistake is reported here with the controller's name and
 * the fix, instead of surfacing as a wrong answer at request time.
 *
 * The steps, each in its own file: where the controller sits (`resolvePaths`
 * below), its default routes (defaultActionRoutes.ts), its @action/@mutation
 * methods (declaredActions.ts), then the checks (checkDeclarations.ts).
 */
import { checkHooks, checkResourceConfig, checkRoutesUnique } from './checkDeclarations';
import { declaredActions } from './declaredActions';
import { CRUD_ROUTES, defaultActionRoutes } from './defaultActionRoutes';
import { appliesTo, type CompiledHook } from './hooks';
import {
  type ActionOptions,
  type ControllerDocs,
  type ControllerMetadata,
  type HookDeclaration,
  type MutationOptions,
  metadataChain,
  type RescueDeclaration,
} from './metadata';
import { inferResourcePath, procedurePath, scopeSegment } from './naming';
import type { ModelLike } from './types';

/** A controller class: constructed without arguments, one instance per request. */
export type ControllerClass = (new () => object) & { name: string };

export type ActionKind =
  | 'index'
  | 'get'
  | 'create'
  | 'update'
  | 'destroy'
  | 'singletonGet'
  | 'singletonCreate'
  | 'singletonUpdate'
  | 'mutation'
  | 'bulkMutation'
  | 'action';

export interface CompiledAction {
  /** Action name: a default action name or the controller method's name. */
  name: string;
  kind: ActionKind;
  httpMethod: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Full REST path with params, e.g. `/teams/:teamId/campaigns/:id/publish`. */
  path: string;
  /** tRPC key, e.g. `['teams', 'campaigns', 'publish']`. */
  procedureKey: string[];
  procedureType: 'query' | 'mutation';
  /** Name in the generated client (`index`, `indexStats`, `mutatePublish` ...). */
  clientName: string;
  /** Loads `this.record` by `:id` before hooks. */
  loadsRecord: boolean;
  /** The controller defines a method with this name (override or custom action). */
  hasMethod: boolean;
  /** `@allowAnonymous` covers it: the guard may let callers who are not signed in through. */
  allowAnonymous: boolean;
  options: MutationOptions & ActionOptions;
}

export interface CompiledController {
  Controller: ControllerClass;
  name: string;
  /** `<scope_prefix>/<resource>`, e.g. `/teams/:teamId/campaigns`. */
  basePath: string;
  scopes: string[];
  resource: ControllerMetadata['resource'];
  model: ModelLike | null;
  /** `@apiDoc` of the class, else of its nearest documented parent. */
  docs: ControllerDocs;
  actions: CompiledAction[];
  /** Parent class hooks first, then declaration order. */
  before: CompiledHook[];
  after: CompiledHook[];
  /** Own class first, then parents; declaration order within a class. */
  rescues: RescueDeclaration[];
}

/** An action before compileController adds its tRPC key, `hasMethod` and default options. */
export type NewAction = Omit<CompiledAction, 'procedureKey' | 'hasMethod' | 'allowAnonymous' | 'options'> & {
  options?: CompiledAction['options'];
};

/** Throws the controller's declaration mistake, prefixed with its name. */
export type Fail = (problem: string) => never;

const compiled = new WeakMap<ControllerClass, CompiledController>();

export function compileController(Controller: ControllerClass): CompiledController {
  const cached = compiled.get(Controller);
  if (cached) return cached;
  const chain = metadataChain(Controller);
  const compiledHook = (kind: CompiledHook['kind']) => (hook: HookDeclaration) => ({
    ...hook,
    kind,
    controller: Controller.name,
  });
  const fail: Fail = (problem) => {
    throw new Error(`${Controller.name}: ${problem}`);
  };
  if (chain.length === 0) fail('is not a controller (decorate it with @controller, @crud, @singleton or @scope)');

  const resource = [...chain].reverse().find((meta) => meta.resource)?.resource;
  const model = resource?.model ?? null;
  const { scopes, resourcePath, basePath } = resolvePaths(Controller, chain, fail);
  const prototype = Controller.prototype as unknown as Record<string, unknown>;
  const hasMethod = (name: string) => typeof prototype[name] === 'function';

  if (resource?.kind === 'crud') checkExcept(resource.config.except ?? [], hasMethod, fail);
  const defaults = defaultActionRoutes(resource, basePath);
  const declared = declaredActions(chain, { resource, basePath, resourcePath, hasMethod, fail, defaults });
  const baseKey = procedurePath(basePath);
  const anonymous = chain.flatMap((meta) => meta.anonymous);
  const actions: CompiledAction[] = [...defaults, ...declared].map(({ options = {}, ...action }) => ({
    ...action,
    options,
    procedureKey: [...baseKey, action.name],
    hasMethod: hasMethod(action.name),
    allowAnonymous: anonymous.some((filter) => appliesTo(filter, action.name)),
  }));
  if (actions.length === 0) fail('declares no action: add @crud, @singleton, @action or @mutation');

  checkRoutesUnique(actions, fail);
  if (model) checkResourceConfig(model, resource, scopes, fail);
  // Hooks run parent class first; rescue handlers are searched from the own class up.
  const before = chain.flatMap((meta) => meta.before.map(compiledHook('before')));
  const after = chain.flatMap((meta) => meta.after.map(compiledHook('after')));
  const rescues = [...chain].reverse().flatMap((meta) => meta.rescues);
  const actionNames = new Set(actions.map((a) => a.name));
  checkHooks({ before, after, rescues, anonymous }, actionNames, hasMethod, fail);
  const docs = [...chain].reverse().find((meta) => meta.docs)?.docs ?? {};
  for (const name of Object.keys(docs.actions ?? {})) {
    if (!actionNames.has(name)) fail(`@apiDoc documents "${name}", but there is no such action`);
  }

  const result: CompiledController = {
    Controller,
    name: Controller.name,
    basePath,
    scopes,
    resource,
    model,
    docs,
    actions,
    before,
    after,
    rescues,
  };
  compiled.set(Controller, result);
  return result;
}

/**
 * `@crud`'s `except` names CRUD actions, and the class does not implement one of them: a method
 * nothing routes to would read as served.
 */
function checkExcept(except: readonly string[], hasMethod: (name: string) => boolean, fail: Fail): void {
  const names = CRUD_ROUTES.map((route) => route.name as string);
  for (const name of except) {
    if (!names.includes(name)) fail(`@crud's except names "${name}"; it takes ${names.join(', ')}`);
    if (hasMethod(name)) fail(`defines ${name}(), which @crud's except leaves without a route; remove one of them`);
  }
}

/** Scope prefix (parents' @scope first) + the resource path (explicit, else from the class name). */
function resolvePaths(Controller: ControllerClass, chain: ControllerMetadata[], fail: Fail) {
  const scopes = chain.flatMap((meta) => meta.scopes);
  // A base class and its subclass both saying @scope('teamId') would nest /teams/:teamId twice.
  const repeated = scopes.find((field, index) => scopes.indexOf(field) !== index);
  if (repeated) {
    fail(
      `@scope('${repeated}') is declared twice, here or on a parent class; keep one, or the URL would nest ${scopeSegment(repeated)} twice`,
    );
  }
  const explicitPath = [...chain].reverse().find((meta) => meta.path !== undefined)?.path;
  if (explicitPath) checkControllerPath(explicitPath, fail);
  const resourcePath = explicitPath ? `/${explicitPath.replace(/^\/+|\/+$/g, '')}` : inferResourcePath(Controller.name);
  return { scopes, resourcePath, basePath: scopes.map(scopeSegment).join('') + resourcePath };
}

/**
 * A param in `@controller('teams/:teamId/notes')` would be served without the
 * scope guard or the query filter that `@scope` brings: refused, with the
 * declarations that do the same safely.
 */
function checkControllerPath(path: string, fail: Fail): void {
  const segments = path.split('/').filter((segment) => segment !== '');
  const params = segments.filter((segment) => segment.includes(':')).map((segment) => segment.replace(/^.*:/, ''));
  if (params.length === 0) return;
  const last = segments.findLastIndex((segment) => segment.includes(':'));
  const rest = segments.slice(last + 1).join('/');
  const scopes = params.map((param) => `@scope('${param}')`).join(', ');
  fail(
    `@controller('${path}') has ${params.length === 1 ? 'a param' : 'params'} (${params.map((p) => `:${p}`).join(', ')}), which no scope guard or query filter would check; use ${scopes}${rest ? ` and @controller('${rest}')` : ''}`,
  );
}
