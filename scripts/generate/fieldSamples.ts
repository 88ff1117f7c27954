/**
 * What each field type gives the generated tests: a value the API accepts and one the model
 * refuses, as TypeScript source. Only the tests use them (testValues.ts), so they are kept apart
 * from fieldTypes.ts, which is about the code the app runs; a new field type needs a case in both.
 */
import { DECIMAL_MESSAGE, stringLiteral as q } from './fieldTypes';
import type { Field } from './parseScaffold';

/**
 * The words cut to a short `string:N` column (`string:2`: `Fi` and `Se`), which would refuse them whole; the two
 * samples still differ in their first letter, and nothing is left blank at the end.
 */
const fitWords = (words: string, length: number | undefined) =>
  length === undefined || words.length <= length ? words : words.slice(0, length).trimEnd();

/** A value the API accepts, as TypeScript source (`ref` names the referenced record in tests). */
export function sample(field: Field, variant: 0 | 1): string {
  switch (field.type) {
    case 'string':
    case 'text':
      return q(fitWords(variant === 0 ? `First ${field.name}` : `Second ${field.name}`, field.length));
    case 'integer':
      return variant === 0 ? '42' : '7';
    case 'bigint':
      return variant === 0 ? '9007199254740' : '12';
    case 'decimal':
      return variant === 0 ? q('12.50') : q('0.99');
    case 'boolean':
      return variant === 0 ? 'true' : 'false';
    case 'date':
      return variant === 0 ? q('2026-01-15') : q('2026-02-28');
    case 'timestamp':
      return variant === 0 ? q('2026-01-15T10:30:00.000Z') : q('2026-02-28T08:00:00.000Z');
    case 'enum':
      return q((field.values ?? [])[variant] ?? (field.values ?? [])[0] ?? '');
    case 'references':
      return `ref.${field.association}${variant === 0 ? '' : '2'}.id`;
  }
}

/** A value the model refuses and the message it gives (tests). */
export function invalid(field: Field): { value: string; message: string } | undefined {
  switch (field.type) {
    case 'string':
      return {
        value: q('x'.repeat((field.length ?? 255) + 1)),
        message: `is too long (maximum is ${field.length ?? 255} characters)`,
      };
    case 'integer':
    case 'bigint':
      return { value: '1.5', message: 'must be a whole number' };
    case 'decimal':
      return { value: q('1.234'), message: DECIMAL_MESSAGE };
    case 'date':
      return { value: q('15/01/2026'), message: 'must be a date (YYYY-MM-DD)' };
    case 'enum':
      return { value: q('not_a_value'), message: '' };
    default:
      return undefined;
  }
}
