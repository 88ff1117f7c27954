/**
 * Step 5 of the pipeline: the action's validated input (`this.params`), read
 * from either transport. REST gives path params, the query string and the
 * JSON body; tRPC gives one flat object. Both end in the same shape.
 */

import { ACTION_KINDS } from './actionKinds';
import type { CompiledAction, CompiledController } from './compileController';
import { parseId } from './parseId';

export interface InputSource {
  transport: 'rest' | 'trpc';
  /** REST path params (strings), or the tRPC input object. */
  params: Record<string, unknown>;
  /** REST query string. */
  query?: URLSearchParams;
  /** REST JSON body, or the tRPC input object. */
  body?: unknown;
}

export type Params = Record<string, unknown> & { id?: number; ids?: number[]; data?: Record<string, unknown> };

/** Scope params from the URL (or tRPC input) as integers 1..2147483647, else 400. */
export function readScope(scopes: readonly string[], source: InputSource): Record<string, number> {
  return Object.fromEntries(scopes.map((field) => [field, parseId(source.params[field], field)]));
}

/** Step 5 of the pipeline: the action's params, read as its kind reads them (actionKinds.ts). */
export function readParams(
  compiled: CompiledController,
  action: CompiledAction,
  source: InputSource,
  scope: Record<string, number>,
): Params {
  const id = action.path.includes('/:id') ? { id: parseId(source.params.id) } : {};
  return ACTION_KINDS[action.kind].params({ compiled, action, source, scope, id });
}
