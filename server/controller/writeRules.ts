/**
 * The spec's write rules for create and update:
 * 1. only `permit`ted fields are written; others are dropped silently;
 * 2. `id`, `createdAt`/`created_at`, `updatedAt`/`updated_at` and every
 *    `@scope` field are never writable, whatever `permit` says;
 * 3. `autoSet` values are applied after filtering and cannot be overridden;
 * plus: each kept value must fit its column (else 422 with field errors).
 */
import { checkBodyValue, columnsOf } from './columnValues';
import { BadRequest, toValidationError } from './errors';
import type { ModelLike } from './types';

/** Never writable, whatever `permit` says (write rule 2; scope fields are added per controller). */
export const NEVER_WRITABLE: ReadonlySet<string> = new Set([
  'id',
  'createdAt',
  'created_at',
  'updatedAt',
  'updated_at',
]);

/** `data` must be a plain JSON object; anything else is an input-shape error. */
export function assertDataObject(data: unknown): Record<string, unknown> {
  if (data === undefined) return {};
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new BadRequest('Invalid data', { data: ['must be an object'] });
  }
  return data as Record<string, unknown>;
}

export function permittedAttributes(
  model: ModelLike,
  data: Record<string, unknown>,
  permit: readonly string[] | undefined,
  scopes: readonly string[],
): Record<string, unknown> {
  const columns = columnsOf(model);
  const attributes: Record<string, unknown> = {};
  const errors: Record<string, string[]> = {};
  for (const field of permit ?? []) {
    if (NEVER_WRITABLE.has(field) || scopes.includes(field) || !Object.hasOwn(data, field)) continue;
    const column = columns[field];
    if (!column) continue;
    const checked = checkBodyValue(column, data[field]);
    if (checked.ok) attributes[field] = checked.value;
    else errors[field] = [checked.message];
  }
  if (Object.keys(errors).length > 0) throw toValidationError(errors);
  return attributes;
}

export function applyAutoSet<Ctx>(
  attributes: Record<string, unknown>,
  autoSet: Record<string, (context: Ctx) => unknown> | undefined,
  context: Ctx,
): Record<string, unknown> {
  if (!autoSet) return attributes;
  const forced = Object.fromEntries(Object.entries(autoSet).map(([field, compute]) => [field, compute(context)]));
  return { ...attributes, ...forced };
}
