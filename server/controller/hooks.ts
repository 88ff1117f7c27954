/**
 * `@before` / `@after` hooks and `@rescue` handlers: which apply to an action,
 * and running them.
 */

import type { ActionFilter, HookDeclaration, RescueDeclaration } from './metadata';
import type { ControllerInstance } from './types';

/** Whether an `only` / `except` filter lets `actionName` through. */
export function appliesTo(filter: ActionFilter, actionName: string): boolean {
  if (filter.only && !filter.only.includes(actionName)) return false;
  if (filter.except?.includes(actionName)) return false;
  return true;
}

type Callable = (this: unknown, ...args: unknown[]) => unknown;

function method(controller: ControllerInstance, name: string): Callable {
  return (controller as unknown as Record<string, Callable>)[name] as Callable;
}

/** Runs the hooks that apply to the current action, in order; a throw stops the request. */
export async function runHooks(
  controller: ControllerInstance,
  hooks: HookDeclaration[],
  ...args: unknown[]
): Promise<void> {
  for (const hook of hooks) {
    if (!appliesTo(hook.options, controller.actionName)) continue;
    const condition = hook.options.if;
    if (condition !== undefined) {
      const passes =
        typeof condition === 'string'
          ? method(controller, condition).call(controller)
          : condition.call(controller, controller);
      if (!(await passes)) continue;
    }
    await method(controller, hook.name).call(controller, ...args);
  }
}

/**
 * Gives `error` to the first matching `@rescue` handler (own class first, then
 * parents; declaration order within a class). Its return value becomes the
 * response; if it throws, that error is the answer. No handler: rethrow.
 */
export async function rescueError(
  controller: ControllerInstance,
  rescues: RescueDeclaration[],
  error: unknown,
): Promise<unknown> {
  const handler = rescues.find(
    (candidate) => error instanceof candidate.errorClass && appliesTo(candidate.options, controller.actionName),
  );
  if (!handler) throw error;
  return method(controller, handler.name).call(controller, error);
}
