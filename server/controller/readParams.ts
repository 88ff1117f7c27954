/**
 * Step 5 of the pipeline: the action's validated input (`this.params`), read
 * from either transport. REST gives path params, the query string and the
 * JSON body; tRPC gives one flat object. Both end in the same shape.
 */

import { issueFieldErrors } from '../shared/issueFieldErrors';
import type { CompiledAction, CompiledController } from './compileController';
import { BadRequest } from './errors';
import type { InputParser } from './metadata';
import { parseId } from './parseId';
import { parseIds } from './parseIds';
import { type IndexQuery, parseIndexInput, parseIndexSearchParams } from './parseIndexQuery';
import { assertDataObject } from './writeRules';

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

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new BadRequest(`Invalid ${what}`, { [what]: ['must be a JSON object'] });
  }
  return value as Record<string, unknown>;
}

/** REST bodies may carry attributes under `data` or be the attributes themselves. */
function readData(source: InputSource): Record<string, unknown> {
  const body = asObject(source.body, 'body');
  if (source.transport === 'trpc' || Object.hasOwn(body, 'data')) return assertDataObject(body.data);
  return body;
}

function indexParams(controller: CompiledController, source: InputSource): IndexQuery {
  const options = controller.resource?.kind === 'crud' ? (controller.resource.config.index ?? {}) : {};
  return source.transport === 'rest'
    ? parseIndexSearchParams(source.query ?? new URLSearchParams(), options)
    : parseIndexInput(asObject(source.body, 'input'), options);
}

function parseWith(parser: InputParser | undefined, input: Record<string, unknown>): Record<string, unknown> {
  if (!parser) return input;
  const result = parser.safeParse(input);
  if (result.success) return asObject(result.data, 'input');
  throw new BadRequest('Invalid input', issueFieldErrors(result.error.issues, { whole: 'input' }));
}

export function readParams(
  controller: CompiledController,
  action: CompiledAction,
  source: InputSource,
  scope: Record<string, number>,
): Params {
  const id = action.path.includes('/:id') ? { id: parseId(source.params.id) } : {};
  switch (action.kind) {
    case 'index': {
      const { params, ...query } = indexParams(controller, source);
      return { ...params, ...query, ...scope };
    }
    case 'create':
    case 'update':
    case 'singletonUpdate':
      return { data: readData(source), ...scope, ...id };
    case 'bulkMutation':
      return { ...scope, ids: parseIds(asObject(source.body, 'body').ids) };
    case 'action': {
      const raw =
        source.transport === 'rest' && action.httpMethod === 'GET'
          ? Object.fromEntries(source.query ?? [])
          : asObject(source.body, source.transport === 'rest' ? 'body' : 'input');
      const { id: _id, ...rest } = raw;
      for (const field of controller.scopes) delete rest[field];
      return { ...parseWith(action.options.input, rest), ...scope, ...id };
    }
    default:
      return { ...scope, ...id };
  }
}
