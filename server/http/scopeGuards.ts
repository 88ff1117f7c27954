/**
 * tRPC hands procedures only the context object, so the scope guard given to
 * `createApiHandler` (or a server-side caller) is attached to each request's
 * context here, without touching the app's context type.
 */
import type { AuthorizeScope } from '../controller/dispatch';

const guards = new WeakMap<object, AuthorizeScope<never>>();

export function attachScopeGuard<Ctx extends object>(context: Ctx, guard: AuthorizeScope<Ctx> | undefined): Ctx {
  if (guard) guards.set(context, guard as AuthorizeScope<never>);
  return context;
}

export function scopeGuardOf(context: object): AuthorizeScope<never> | undefined {
  return guards.get(context);
}
