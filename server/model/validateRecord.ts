/**
 * Runs a record's validations: text PostgreSQL would not store exactly (NUL,
 * half an emoji: server/shared/storableText.ts), lengths derived from the
 * table (varchar(n)), the model's per-attribute zod schemas, its `validate()` method, then the
 * model plugins' checks (tenantReferences.ts).
 * Clears and refills `record.errors`; returns true when it stays empty.
 */
import { issueFieldErrors } from '../shared/issueFieldErrors';
import { unstorableTextRule } from '../shared/storableText';
import type { ModelBase } from './ModelBase';
import type { ModelClass } from './ModelClass';
import type { ModelMeta } from './ModelMeta';
import { pluginsFor } from './modelPlugins';
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
    // Client input never gets here with such text (a 400 first); text the server built can.
    const unstorable = typeof value === 'string' ? unstorableTextRule(value) : undefined;
    if (unstorable) record.addError(name, unstorable);
    // PostgreSQL counts characters (code points), not UTF-16 units.
    if (column.columnType === 'PgVarchar' && typeof value === 'string' && length && [...value].length > length) {
      record.addError(name, `is too long (maximum is ${length} characters)`);
    }
    const schema = meta.options.validations?.[name as never] as import('zod').ZodType | undefined;
    if (!schema) continue;
    const result = await schema.safeParseAsync(value);
    if (result.success) continue;
    const fields = issueFieldErrors(result.error.issues, {
      whole: name,
      nested: true,
      message: (issue) => (issue.code === 'invalid_type' ? typeMessage(issue, value) : issue.message),
    });
    for (const [field, messages] of Object.entries(fields)) {
      for (const message of messages) record.addError(field, message);
    }
  }
  const validate = (record as { validate?: () => unknown }).validate;
  if (typeof validate === 'function') await validate.call(record);
  for (const plugin of pluginsFor(record.constructor as ModelClass)) await plugin.validate?.(record);
  return Object.keys(record.errors).length === 0;
}

const TYPE_MESSAGES: Record<string, string> = {
  string: 'must be a string',
  number: 'must be a number',
  int: 'must be a whole number',
  boolean: 'must be true or false',
  date: 'must be a date',
  array: 'must be a list',
  object: 'must be an object',
};

/**
 * A value of the wrong type: "can't be blank" when it is missing, else the
 * schema's own message, or instead of zod's generic "Invalid input: expected
 * number, received string" the wording the column checks use.
 */
function typeMessage(issue: { message: string; expected?: unknown }, value: unknown): string {
  const blank = value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  if (blank) return "can't be blank";
  if (!issue.message.startsWith('Invalid input')) return issue.message;
  return TYPE_MESSAGES[String(issue.expected)] ?? 'is invalid';
}
