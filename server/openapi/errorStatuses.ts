/**
 * Which error statuses an operation can answer, from what the pipeline does
 * (docs/controllers.md, "One pipeline"), and the one error body.
 *
 * - 400: every route (malformed ids, query or body, U+0000, bad input).
 * - 401 / 403: routes behind the app's authentication (scope guard, @before
 *   role checks, the CSRF check of cookie-authenticated writes); 429 there
 *   too, for the app's rate limits (failed API keys refuse every key from
 *   that address for a while; presign, invitations and API keys are counted).
 * - 404: every route (unknown parent or record, another tenant's data).
 * - 413 / 415: routes that read a JSON body (over 1 MiB; not application/json).
 * - 422: writes: model validation, vetoed destroy, a refused state change.
 * - more (e.g. 503 for storage): declared by the action, `errorStatuses`.
 * 405 is answered for methods a path does not list, so it has no operation
 * of its own; 500 is not listed (it is a bug).
 */
import { ACTION_KINDS, type CompiledAction } from '../controller';
import { STATUS_BY_CODE } from '../controller/errors';
import type { JsonSchema } from './jsonSchema';

export function errorStatuses(action: CompiledAction, authenticated: boolean): number[] {
  const statuses = [400, 404, ...(action.options.errorStatuses ?? [])];
  if (authenticated) statuses.push(401, 403, 429);
  if (action.httpMethod !== 'GET') statuses.push(413, 415);
  if (ACTION_KINDS[action.kind].writes(action)) statuses.push(422);
  return [...new Set(statuses)].sort((a, b) => a - b);
}

/** `{"error": {"code", "message", "fields"?}}` (server/controller/errors.ts). */
export const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', enum: Object.keys(STATUS_BY_CODE) },
        message: { type: 'string' },
        fields: {
          description: 'Field errors (400 input shape, 422 validation); record-level ones under `base`.',
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' } },
        },
      },
    },
  },
};

const REASONS: Record<number, string> = {
  400: 'Malformed id, query or body',
  401: 'Not signed in and no valid API key',
  403: 'Signed in, but not allowed (role, API key limits, cross-site request)',
  404: 'No such parent or record (or not yours)',
  413: 'Body over 1 MiB',
  415: 'Body is not application/json',
  422: 'Validation failed (`fields` says why)',
  429: 'Too many requests',
  503: 'A service the action needs (storage) is unavailable',
};

export function errorReason(status: number): string {
  return REASONS[status] ?? 'Error';
}
