/**
 * tRPC hands procedures only the context object, so the scope guard given to
 * `createApiHandler` (or a server-side caller) travels on the context under a
 * symbol key. Symbol keys survive the object spread tRPC middlewares use
 * (`next({ ctx: { ...ctx, extra } })`), unlike a lookup by object identity.
 *
 * A scoped procedure whose context carries no guard entry refuses to run: a
 * forgotten guard must not silently open every tenant.
 */
import type { AuthorizeScope } from '../controller/dispatch';

const GUARD = Symbol.for('active-controller.scopeGuard');

type GuardEntry = AuthorizeScope<never> | false;

/** Attaches the guard (or `false`: explicitly none) to a request context. */
export function attachScopeGuard<Ctx extends object>(
  context: Ctx,
  guard: AuthorizeScope<Ctx> | false | undefined,
): Ctx {
  Object.defineProperty(context, GUARD, { value: guard ?? false, enumerable: true, configurable: true });
  return context;
}

/**
 * The guard of a context: a function, `undefined` when explicitly none.
 * `required` (scoped procedures): throws when never attached.
 */
export function scopeGuardOf(context: object, { required }: { required: boolean }): AuthorizeScope<never> | undefined {
  const entry = (context as { [GUARD]?: GuardEntry })[GUARD];
  if (entry === undefined) {
    if (!required) return undefined;
    throw new Error('No scope guard on this context: build contexts with createApiHandler or attachScopeGuard().');
  }
  return entry || undefined;
}
