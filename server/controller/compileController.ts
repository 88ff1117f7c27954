/**
 * Turns a decorated controller class into its route table, once, at boot.
 * Every declaration mistake is reported here with the controller's name and
 * the fix, instead of surfacing as a wrong answer at request time.
 */
import {
  type ActionFilter,
  type ActionOptions,
  type ControllerDocs,
  type ControllerMetadata,
  type HookDeclaration,
  type MutationOptions,
  metadataChain,
  type RescueDeclaration,
} from './metadata';
import {
  clientName,
  inferResourcePath,
  methodSegment,
  normalizeExplicitPath,
  procedurePath,
  scopeSegment,
} from './naming';
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
  before: HookDeclaration[];
  after: HookDeclaration[];
  /** Own class first, then parents; declaration order within a class. */
  rescues: RescueDeclaration[];
}

const CRUD_ROUTES = [
  { name: 'index', kind: 'index', httpMethod: 'GET', member: false, type: 'query' },
  { name: 'get', kind: 'get', httpMethod: 'GET', member: true, type: 'query' },
  { name: 'create', kind: 'create', httpMethod: 'POST', member: false, type: 'mutation' },
  { name: 'update', kind: 'update', httpMethod: 'PATCH', member: true, type: 'mutation' },
  { name: 'destroy', kind: 'destroy', httpMethod: 'DELETE', member: true, type: 'mutation' },
] as const;

const compiled = new WeakMap<ControllerClass, CompiledController>();

export function compileController(Controller: ControllerClass): CompiledController {
  const cached = compiled.get(Controller);
  if (cached) return cached;
  const chain = metadataChain(Controller);
  const fail = (problem: string): never => {
    throw new Error(`${Controller.name}: ${problem}`);
  };
  if (chain.length === 0) fail('is not a controller (decorate it with @controller, @crud, @singleton or @scope)');

  const resource = [...chain].reverse().find((meta) => meta.resource)?.resource;
  const model = resource?.model ?? null;
  const scopes = chain.flatMap((meta) => meta.scopes);
  const explicitPath = [...chain].reverse().find((meta) => meta.path !== undefined)?.path;
  const resourcePath = explicitPath ? `/${explicitPath.replace(/^\/+|\/+$/g, '')}` : inferResourcePath(Controller.name);
  const basePath = scopes.map(scopeSegment).join('') + resourcePath;
  const baseKey = procedurePath(basePath);
  const prototype = Controller.prototype as unknown as Record<string, unknown>;
  const hasMethod = (name: string) => typeof prototype[name] === 'function';

  const actions: CompiledAction[] = [];
  type NewAction = Omit<CompiledAction, 'procedureKey' | 'hasMethod' | 'options'> & {
    options?: CompiledAction['options'];
  };
  const add = ({ options = {}, ...action }: NewAction) =>
    actions.push({ ...action, options, procedureKey: [...baseKey, action.name], hasMethod: hasMethod(action.name) });

  if (resource?.kind === 'crud') {
    for (const route of CRUD_ROUTES) {
      add({
        name: route.name,
        kind: route.kind,
        httpMethod: route.httpMethod,
        path: route.member ? `${basePath}/:id` : basePath,
        procedureType: route.type,
        clientName: route.name,
        loadsRecord: route.member,
      });
    }
  } else if (resource?.kind === 'singleton') {
    const common = { path: basePath, loadsRecord: false };
    add({ ...common, name: 'get', kind: 'singletonGet', httpMethod: 'GET', procedureType: 'query', clientName: 'get' });
    if (resource.config.findOrCreate) {
      add({
        ...common,
        name: 'findOrCreate',
        kind: 'singletonCreate',
        httpMethod: 'POST',
        procedureType: 'mutation',
        clientName: 'findOrCreate',
      });
    }
    add({
      ...common,
      name: 'update',
      kind: 'singletonUpdate',
      httpMethod: 'PATCH',
      procedureType: 'mutation',
      clientName: 'update',
    });
  }

  for (const declaration of chain.flatMap((meta) => meta.methods)) {
    const { name } = declaration;
    if (!hasMethod(name)) fail(`@${declaration.kind} is on "${name}", which is not a method`);
    if (actions.some((existing) => existing.name === name)) {
      fail(`"${name}" is declared twice (or collides with a default action); rename the method`);
    }
    if (declaration.kind === 'mutation') {
      if (resource?.kind !== 'crud') fail(`@mutation ${name} needs @crud (it loads records from the model)`);
      const bulk = declaration.options.bulk === true;
      add({
        name,
        kind: bulk ? 'bulkMutation' : 'mutation',
        httpMethod: 'POST',
        path: bulk ? `${basePath}/${methodSegment(name)}` : `${basePath}/:id/${methodSegment(name)}`,
        procedureType: 'mutation',
        clientName: clientName(name, 'mutation'),
        loadsRecord: !bulk,
        options: declaration.options,
      });
    } else {
      const load = declaration.options.load === true;
      if (load && resource?.kind !== 'crud') fail(`@action ${name} uses { load: true }, which needs @crud`);
      const segment = declaration.path ? normalizeExplicitPath(resourcePath, declaration.path) : methodSegment(name);
      add({
        name,
        kind: 'action',
        httpMethod: declaration.httpMethod,
        path: load ? `${basePath}/:id/${segment}` : `${basePath}/${segment}`,
        procedureType: declaration.httpMethod === 'GET' ? 'query' : 'mutation',
        clientName: clientName(name, declaration.httpMethod === 'GET' ? 'query' : 'mutation'),
        loadsRecord: load,
        options: declaration.options,
      });
    }
  }
  if (actions.length === 0) fail('declares no action: add @crud, @singleton, @action or @mutation');

  assertUnique(actions, (a) => `${a.httpMethod} ${a.path.replace(/:\w+/g, ':')}`, 'two routes share', fail);
  assertUnique(actions, (a) => a.clientName, 'two client names collide:', fail);
  if (model) checkResourceConfig(model, resource, scopes, fail);

  const before = chain.flatMap((meta) => meta.before);
  const after = chain.flatMap((meta) => meta.after);
  const rescues = [...chain].reverse().flatMap((meta) => meta.rescues);
  const actionNames = new Set(actions.map((a) => a.name));
  for (const hook of [...before, ...after]) {
    if (!hasMethod(hook.name)) fail(`hook "${hook.name}" is not a method`);
    checkFilter(hook.options, actionNames, `hook ${hook.name}`, fail);
    const condition = hook.options.if;
    if (typeof condition === 'string' && !hasMethod(condition)) {
      fail(`hook ${hook.name} has if: '${condition}', which names no method; define it or pass a function`);
    }
  }
  const docs = [...chain].reverse().find((meta) => meta.docs)?.docs ?? {};
  for (const name of Object.keys(docs.actions ?? {})) {
    if (!actionNames.has(name)) fail(`@apiDoc documents "${name}", but there is no such action`);
  }
  for (const handler of rescues) {
    if (!hasMethod(handler.name)) fail(`@rescue handler "${handler.name}" is not a method`);
    checkFilter(handler.options, actionNames, `@rescue ${handler.name}`, fail);
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

function assertUnique<T>(items: T[], key: (item: T) => string, what: string, fail: (m: string) => never): void {
  const seen = new Set<string>();
  for (const item of items) {
    const value = key(item);
    if (seen.has(value)) fail(`${what} ${value}; rename a method or give the @action an explicit path`);
    seen.add(value);
  }
}

function checkFilter(filter: ActionFilter, actions: Set<string>, owner: string, fail: (m: string) => never): void {
  for (const name of [...(filter.only ?? []), ...(filter.except ?? [])]) {
    if (!actions.has(name)) fail(`${owner} names "${name}" in only/except, but there is no such action`);
  }
}

function checkResourceConfig(
  model: ModelLike,
  resource: ControllerMetadata['resource'],
  scopes: string[],
  fail: (m: string) => never,
): void {
  const check = (names: readonly string[] | undefined, known: readonly string[], option: string, kind: string) => {
    for (const name of names ?? []) {
      if (!known.includes(name)) {
        fail(`${option} lists "${name}", which is not ${kind} of ${model.modelName} (known: ${known.join(', ')})`);
      }
    }
  };
  const attributes = model.attributeNames;
  check(scopes, attributes, '@scope', 'an attribute');
  if (resource?.kind === 'crud') {
    const { index = {}, get = {}, create = {}, update = {} } = resource.config;
    check(index.sortable, attributes, 'index.sortable', 'an attribute');
    check(index.filterable, attributes, 'index.filterable', 'an attribute');
    check(index.defaultSort && [index.defaultSort.field], attributes, 'index.defaultSort', 'an attribute');
    check(index.scopes, model.scopeNames, 'index.scopes', 'a named scope');
    check(index.defaultScopes, index.scopes ?? [], 'index.defaultScopes', 'in index.scopes');
    check(index.paramScopes, model.scopeNames, 'index.paramScopes', 'a named scope');
    check(index.include, model.associationNames, 'index.include', 'an association');
    check(get.include, model.associationNames, 'get.include', 'an association');
    check(create.permit, attributes, 'create.permit', 'an attribute');
    check(create.autoSet && Object.keys(create.autoSet), attributes, 'create.autoSet', 'an attribute');
    check(update.permit, attributes, 'update.permit', 'an attribute');
  } else if (resource?.kind === 'singleton') {
    check(resource.config.update?.permit, attributes, 'update.permit', 'an attribute');
    check(resource.config.get?.include, model.associationNames, 'get.include', 'an association');
  }
}
