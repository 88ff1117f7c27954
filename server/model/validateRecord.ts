/**
 * Runs a record's validations: lengths derived from the table (varchar(n)),
 * the model's per-attribute zod schemas, then its `validate()` method.
 * Clears and refills `record.errors`; returns true when it stays empty.
 */
import type { ModelBase } from './ModelBase';
import type { ModelMeta } from './ModelMeta';
import { STATE } from './recordState';

export async function validateRecord(record: ModelBase, meta: ModelMeta): Promise<boolean> {
  record.errors = {};
  const state = record[STATE];
  const isNew = !state.persisted;
  for (const name of meta.attributeNames) {
    // Persisted records loaded with select(): unloaded attributes are not validated.
    if (!isNew && !Object.hasOwn(state.attributes, name)) continue;
    const value = state.attributes[name];
    const column = meta.column(name);
    const length = (column as { length?: number }).length;
    // PostgreSQL counts characters (code points), not UTF-16 units.
    if (column.columnType === 'PgVarchar' && typeof value === 'string' && length && [...value].length > length) {
      record.addError(name, `is too long (maximum is ${length} characters)`);
    }
    const schema = meta.options.validations?.[name as never] as import('zod').ZodType | undefined;
    if (!schema) continue;
    const result = await schema.safeParseAsync(value);
    if (result.success) continue;
    for (const issue of result.error.issues) {
      const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
      const message = blank && issue.code === 'invalid_type' ? "can't be blank" : issue.message;
      const field = issue.path.length ? `${name}.${issue.path.join('.')}` : name;
      record.addError(field, message);
    }
  }
  const validate = (record as { validate?: () => unknown }).validate;
  if (typeof validate === 'function') await validate.call(record);
  return Object.keys(record.errors).length === 0;
}
