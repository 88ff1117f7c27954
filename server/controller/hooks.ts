/**
 * `@before` / `@after` hooks and `@rescue` handlers: which apply to an action,
 * and running them.
 */

import { truncateText } from '../shared/storableText';
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

/** A hook as compileController hands it to dispatch: which kind, and whose, for the messages below. */
export interface CompiledHook extends HookDeclaration {
  kind: 'before' | 'after';
  /** The compiled controller's name (the hook may be declared on a parent class). */
  controller: string;
}

/**
 * Runs the hooks that apply to the current action, in order; a throw stops the request.
 * A hook that returns a value is a programming error (a 500, logged with this message):
 * nothing reads it, so `return false` would not refuse and a returned result would not
 * replace the response.
 */
export async function runHooks(
  controller: ControllerInstance,
  hooks: CompiledHook[],
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
    const returned = await method(controller, hook.name).call(controller, ...args);
    if (returned !== undefined) throw new Error(returnedValueProblem(hook, returned));
  }
}

function returnedValueProblem(hook: CompiledHook, returned: unknown): string {
  const what = `${hook.kind} hook ${hook.name} of ${hook.controller} returned ${describeValue(returned)}`;
  return hook.kind === 'before'
    ? `${what}: throw an error (e.g. Forbidden) to stop the request, return nothing to let it go on`
    : `${what}: the response is the action's result; return nothing (change the result in the action)`;
}

/** Short and free of record contents (the message is logged). */
function describeValue(value: unknown): string {
  if (typeof value === 'string') {
    const shown = truncateText(value, 40);
    return JSON.stringify(shown === value ? value : `${shown}…`);
  }
  if (value === null || typeof value !== 'object') return String(value);
  return `an object (${value.constructor?.name ?? 'no prototype'})`;
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
