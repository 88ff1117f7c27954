/**
 * Turns a client call's arguments into the flat tRPC input
 * (docs/controllers.md "Routes, names and input"): scope params + id / data / ids / index
 * options / action input. The shapes are documented in manifest.ts.
 */
import type { ControllerManifest, InputShape } from './manifest';

export type ScopeParams = Record<string, number>;

function objectArg(value: unknown, what: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new TypeError(`${what} must be an object`);
  return value as Record<string, unknown>;
}

/** Scope params come last so an argument can never redirect a call to another tenant. */
export function buildInput(shape: InputShape, scope: ScopeParams, args: readonly unknown[]): Record<string, unknown> {
  const [first, second] = args;
  switch (shape) {
    case 'none':
      return { ...scope };
    case 'index':
      return { ...objectArg(first, 'index options'), ...scope };
    case 'id':
      return { id: first, ...scope };
    case 'ids':
      return { ids: first, ...scope };
    case 'data':
      return { data: objectArg(first, 'data'), ...scope };
    case 'idData':
      return { id: first, data: objectArg(second, 'data'), ...scope };
    case 'input':
      return { ...objectArg(first, 'input'), ...scope };
    case 'idInput':
      return { ...objectArg(first, 'input'), ...scope };
  }
}

/** A mutation hook's single `variables` as call arguments (`idData` takes `{id, data}`). */
export function argsOfVariables(shape: InputShape, variables: unknown): unknown[] {
  if (shape === 'idData') {
    const { id, data } = objectArg(variables, 'variables');
    return [id, data];
  }
  return shape === 'none' ? [] : [variables];
}

/**
 * The declared scope params, checked: `Controller.use({ teamId })`. Extra keys
 * are ignored (a page may pass its whole route params).
 */
export function pickScope(controller: string, manifest: ControllerManifest, given: unknown): ScopeParams {
  const source = (given ?? {}) as Record<string, unknown>;
  const scope: ScopeParams = {};
  for (const name of manifest.scopes) {
    const value = source[name];
    if (typeof value !== 'number') {
      throw new TypeError(`${controller}: scope param "${name}" must be a number (got ${typeof value})`);
    }
    scope[name] = value;
  }
  return scope;
}
