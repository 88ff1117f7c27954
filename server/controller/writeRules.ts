/**
 * The spec's write rules for create and update:
 * 1. only `permit`ted fields are written; others are dropped silently;
 * 2. `id`, `createdAt`/`created_at`, `updatedAt`/`updated_at` and every
 *    `@scope` field are never writable, whatever `permit` says;
 * 3. `autoSet` values are applied after filtering and cannot be overridden;
 * plus: each kept value must fit its column. One that does not is never
 * written, but the model's validations still see it, so the 422 names every
 * field at once in the model's wording (`writeRecord`).
 */
import { checkBodyValue, columnsOf } from './columnValues';
import { BadRequest, type FieldErrors, toValidationError } from './errors';
import type { ModelLike, RecordLike } from './types';

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

export interface PermittedWrite {
  /** Permitted values that fit their columns. */
  attributes: Record<string, unknown>;
  /** Permitted values that do not (wrong JSON type, format or range), as sent... */
  rejected: Record<string, unknown>;
  /** ...and what their columns say about them. */
  invalid: FieldErrors;
}

export function permittedAttributes(
  model: ModelLike,
  data: Record<string, unknown>,
  permit: readonly string[] | undefined,
  scopes: readonly string[],
): PermittedWrite {
  const columns = columnsOf(model);
  const write: PermittedWrite = { attributes: {}, rejected: {}, invalid: {} };
  for (const field of permit ?? []) {
    if (NEVER_WRITABLE.has(field) || scopes.includes(field) || !Object.hasOwn(data, field)) continue;
    const column = columns[field];
    if (!column) continue;
    const checked = checkBodyValue(column, data[field]);
    if (checked.ok) {
      write.attributes[field] = checked.value;
    } else {
      write.rejected[field] = data[field];
      write.invalid[field] = [checked.message];
    }
  }
  return write;
}

/**
 * Saves a write: `assign` puts the values on a record (a new one built in the
 * scope, or the loaded one) and returns it; `forced` (autoSet) wins over the
 * values. When some value did not fit its column nothing is written: the
 * model's validations judge every value as sent, and the 422 carries the
 * model's messages, or the column's where the model has no rule for that
 * field. A failed save is a 422 too.
 */
export async function writeRecord(
  assign: (values: Record<string, unknown>) => RecordLike,
  write: PermittedWrite,
  forced: Record<string, unknown> = {},
): Promise<RecordLike> {
  const fits = Object.keys(write.invalid).length === 0;
  const record = assign({ ...write.attributes, ...(fits ? {} : write.rejected), ...forced });
  if (fits && (await record.save())) return record;
  if (fits) throw toValidationError(record.errors);
  await record.isValid();
  throw toValidationError({ ...write.invalid, ...record.errors });
}

/** The autoSet values for this request (write rule 3: applied last, never overridden). */
export function autoSetValues<Ctx>(
  autoSet: { readonly [field: string]: ((context: Ctx) => unknown) | undefined } | undefined,
  context: Ctx,
): Record<string, unknown> {
  if (!autoSet) return {};
  return Object.fromEntries(
    Object.entries(autoSet).flatMap(([field, compute]) => (compute ? [[field, compute(context)]] : [])),
  );
}
