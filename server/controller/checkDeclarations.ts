/**
 * The boot-time checks of a compiled controller: unique routes and client
 * names, only/except/if naming real actions and methods, `@crud` options
 * naming real attributes, scopes and associations, and the getters of the
 * computed fields its answers carry. Each failure names the controller
 * (through `fail`) or the model, and the fix.
 */
import type { Association } from '../model';
import type { CompiledAction, Fail } from './compileController';
import type { ActionFilter, ControllerMetadata, HookDeclaration, RescueDeclaration } from './metadata';
import type { ModelLike } from './types';

/** Two routes on one method + path, or two actions with one client name, are boot errors. */
export function checkRoutesUnique(actions: readonly CompiledAction[], fail: Fail): void {
  // Parameter names do not tell routes apart (/:id/x and /:widgetId/x match the same requests); the message shows the path as first declared and names both actions.
  assertUnique(
    actions,
    (a) => `${a.httpMethod} ${a.path.replace(/:\w+/g, ':')}`,
    (first, second) => `two routes share ${routeOf(first)}: ${first.name} and ${second.name}`,
    fail,
  );
  assertUnique(
    actions,
    (a) => a.clientName,
    (first, second) => `two client names collide: ${first.clientName} (${first.name} and ${second.name})`,
    fail,
  );
}

const routeOf = (action: CompiledAction) => `${action.httpMethod} ${action.path}`;

/** Hooks and rescue handlers must be methods, and their only/except/if must name actions and methods. */
export function checkHooks(
  hooks: {
    before: HookDeclaration[];
    after: HookDeclaration[];
    rescues: RescueDeclaration[];
    anonymous: ActionFilter[];
  },
  actionNames: Set<string>,
  hasMethod: (name: string) => boolean,
  fail: Fail,
): void {
  for (const hook of [...hooks.before, ...hooks.after]) {
    if (!hasMethod(hook.name)) fail(`hook "${hook.name}" is not a method`);
    checkFilter(hook.options, actionNames, `hook ${hook.name}`, fail);
    const condition = hook.options.if;
    if (typeof condition === 'string' && !hasMethod(condition)) {
      fail(`hook ${hook.name} has if: '${condition}', which names no method; define it or pass a function`);
    }
  }
  for (const handler of hooks.rescues) {
    if (!hasMethod(handler.name)) fail(`@rescue handler "${handler.name}" is not a method`);
    checkFilter(handler.options, actionNames, `@rescue ${handler.name}`, fail);
  }
  for (const filter of hooks.anonymous) checkFilter(filter, actionNames, '@allowAnonymous', fail);
}

function assertUnique<T>(
  items: readonly T[],
  key: (item: T) => string,
  clash: (first: T, second: T) => string,
  fail: Fail,
): void {
  const seen = new Map<string, T>();
  for (const item of items) {
    const first = seen.get(key(item));
    if (first) fail(`${clash(first, item)}; rename a method or give the @action an explicit path`);
    seen.set(key(item), item);
  }
}

function checkFilter(filter: ActionFilter, actions: Set<string>, owner: string, fail: Fail): void {
  for (const name of [...(filter.only ?? []), ...(filter.except ?? [])]) {
    if (!actions.has(name)) fail(`${owner} names "${name}" in only/except, but there is no such action`);
  }
}

export function checkResourceConfig(
  model: ModelLike,
  resource: ControllerMetadata['resource'],
  scopes: string[],
  fail: Fail,
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
  checkComputedGetters(model, includedBy(resource));
}

function includedBy(resource: ControllerMetadata['resource']): readonly string[] {
  if (resource?.kind === 'crud')
    return [...(resource.config.index?.include ?? []), ...(resource.config.get?.include ?? [])];
  return resource?.kind === 'singleton' ? (resource.config.get?.include ?? []) : [];
}

/**
 * The computed fields of the records the controller answers, its own and its includes', must have
 * their getters, or the first answer would throw: reading `computedNames` checks them (ModelMeta.ts).
 */
function checkComputedGetters(model: ModelLike, include: readonly string[]): void {
  const answered = [model];
  const associations = include.length > 0 ? model.meta.associations(model) : new Map<string, Association>();
  for (const name of include) {
    const shape = associations.get(name)?.shape?.(model, name);
    // A target limited to some columns answers no computed fields.
    if (shape && !shape.columns) answered.push(shape.target);
  }
  for (const each of answered) void each.computedNames;
}
