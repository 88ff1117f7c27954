/**
 * The one pipeline every request goes through, REST or tRPC (docs/controllers.md
 * "The pipeline"). Adapters parse the transport into an `InputSource` and
 * serialise what this returns or throws; everything else happens here.
 */

import { withSpan } from '../tracing/withSpan';
import { ACTION_KINDS } from './actionKinds';
import type { CompiledAction, CompiledController } from './compileController';
import { toAppError } from './errors';
import { rescueError, runHooks } from './hooks';
import { type InputSource, type Params, readParams, readScope } from './readParams';
import { serialize } from './serialize';
import type { ControllerInstance } from './types';

/**
 * App-supplied guard run for every action, after the scope params are parsed
 * (`{}` on an unscoped controller) and before any record is read or any hook
 * runs: throw Unauthorized / NotFound / Forbidden to refuse. Its answer is
 * final: `@rescue` handlers never see its refusals.
 */
export type AuthorizeScope<Ctx = unknown> = (
  context: Ctx,
  scope: Record<string, number>,
  target: GuardTarget,
) => void | Promise<void>;

/** What the guard is asked about. */
export interface GuardTarget {
  controller: string;
  action: string;
  /** The action is under `@allowAnonymous`: a caller who is not signed in may reach it. */
  allowAnonymous: boolean;
}

export interface DispatchOptions {
  context: unknown;
  authorizeScope?: AuthorizeScope<never>;
}

/**
 * Runs one action in a span (`CampaignController.publish`: the dispatch of
 * every transport, with the SQL statements it issues as children). Refusals
 * (4xx) mark the span with their code; only server errors fail it.
 */
export function dispatch(
  compiled: CompiledController,
  action: CompiledAction,
  source: InputSource,
  options: DispatchOptions,
): Promise<unknown> {
  return withSpan(
    `${compiled.name}.${action.name}`,
    { 'app.controller': compiled.name, 'app.action': action.name },
    () => runPipeline(compiled, action, source, options),
    { describeError },
  );
}

function describeError(error: unknown): { type: string; failed: boolean } {
  const appError = toAppError(error);
  return { type: appError.code, failed: appError.status >= 500 };
}

async function runPipeline(
  compiled: CompiledController,
  action: CompiledAction,
  source: InputSource,
  options: DispatchOptions,
): Promise<unknown> {
  const controller = new compiled.Controller() as ControllerInstance;
  controller.context = options.context;
  controller.actionName = action.name;
  controller.relation = null;
  // 2-3. scope params from the URL, then the app's guard: outside the rescue below, so no
  // `@rescue` handler can turn a refusal into an answer.
  const scope = readScope(compiled.scopes, source);
  controller.scopeParams = scope;
  if (options.authorizeScope) {
    await (options.authorizeScope as AuthorizeScope)(options.context, scope, {
      controller: compiled.name,
      action: action.name,
      allowAnonymous: action.allowAnonymous,
    });
  }
  try {
    // 4. the scoped relation.
    if (compiled.model) controller.relation = compiled.model.all().where(scope);
    // 5. input, and the record for record actions (404 before any hook).
    const params: Params = readParams(compiled, action, source, scope);
    controller.params = params;
    if (action.loadsRecord && controller.relation && params.id !== undefined) {
      const include =
        action.kind === 'get' && compiled.resource?.kind === 'crud' ? compiled.resource.config.get?.include : undefined;
      const relation = include?.length ? controller.relation.includes(...include) : controller.relation;
      controller.record = await relation.find(params.id);
    }
    if (action.kind === 'bulkMutation' && controller.relation && action.options.records === false) {
      controller.relation = controller.relation.where({ id: params.ids ?? [] });
    }
    // 6-8. hooks around the action.
    await runHooks(controller, compiled.before);
    const result = await ACTION_KINDS[action.kind].run(controller, compiled, action, params);
    await runHooks(controller, compiled.after, result);
    return serialize(result);
  } catch (error) {
    return serialize(await rescueError(controller, compiled.rescues, error));
  }
}
