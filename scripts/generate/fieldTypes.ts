/**
 * What each field type becomes in the generated code: its column, its
 * validation, its form input (its sample values for the tests are in
 * fieldSamples.ts). The templates (templates/scaffold/) place these
 * fragments; change a type's column or input here, a file's layout in its
 * template.
 *
 * JSON types: string/text/enum strings; integer and bigint numbers (bigint
 * up to 2^53, drizzle's `mode: 'number'`); decimal a string, exact
 * (`"12.50"`: numeric(12, 2), never a float); boolean; date `"2026-01-15"`;
 * timestamp an ISO-8601 string; references the other record's id.
 */
import type { Field, Resource } from './parseScaffold';
import { fieldWords, lowerWords } from './words';

const q = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
const DECIMAL = { precision: 12, scale: 2 };
/** A decimal's message: forms show it beside the field, so it speaks of the number, not of JSON strings. */
export const DECIMAL_MESSAGE = `must be a number like 12.50, with at most ${DECIMAL.scale} decimals`;
/** `Due on` for `dueOn`, `Line item` for `lineItem:references`. */
const label = (field: Field) => fieldWords(field.association ?? field.name);

export { label as fieldLabel, q as stringLiteral };

/** `varchar('name', { length: 255 }).notNull()` and the pg-core import names it needs. */
export function column(field: Field, targetTable?: string): { code: string; imports: string[] } {
  const c = q(field.column);
  let code: string;
  let imports: string[];
  switch (field.type) {
    case 'string':
      code = `varchar(${c}, { length: ${field.length ?? 255} })`;
      imports = ['varchar'];
      break;
    case 'text':
      code = `text(${c})`;
      imports = ['text'];
      break;
    case 'integer':
      code = `integer(${c})`;
      imports = ['integer'];
      break;
    case 'bigint':
      code = `bigint(${c}, { mode: 'number' })`;
      imports = ['bigint'];
      break;
    case 'decimal':
      code = `numeric(${c}, { precision: ${DECIMAL.precision}, scale: ${DECIMAL.scale} })`;
      imports = ['numeric'];
      break;
    case 'boolean':
      code = `boolean(${c})`;
      imports = ['boolean'];
      break;
    case 'date':
      code = `date(${c}, { mode: 'string' })`;
      imports = ['date'];
      break;
    case 'timestamp':
      code = `timestamp(${c}, { withTimezone: true })`;
      imports = ['timestamp'];
      break;
    case 'enum': {
      const longest = Math.max(...(field.values ?? []).map((v) => v.length));
      code = `varchar(${c}, { length: ${Math.max(20, longest)}, enum: [${(field.values ?? []).map(q).join(', ')}] })`;
      imports = ['varchar'];
      break;
    }
    case 'references':
      code = `integer(${c})`;
      imports = ['integer'];
      break;
  }
  if (!field.optional) code += '.notNull()';
  if (field.type === 'boolean' && !field.optional) code += '.default(false)';
  // Deleting a record that others still reference is refused (a 422 naming them), optional or not:
  // nothing is deleted or emptied behind the user's back. docs/generators.md, "References", says why.
  if (field.type === 'references') code += `\n      .references(() => ${targetTable}.id, { onDelete: 'restrict' })`;
  return { code: `${field.name}: ${code},`, imports };
}

/** Table-level constraints: enum check, unique per team. */
export function constraints(field: Field, resource: Resource): { code: string[]; imports: string[] } {
  const code: string[] = [];
  const imports: string[] = [];
  if (field.type === 'enum') {
    const list = (field.values ?? []).map((v) => `'${v}'`).join(', ');
    code.push(`check('${resource.table}_${field.column}_check', sql\`\${t.${field.name}} in (${list})\`),`);
    imports.push('check');
  }
  if (field.unique) {
    code.push(`unique('${resource.table}_team_id_${field.column}_key').on(t.teamId, t.${field.name}),`);
    imports.push('unique');
  }
  if (field.type === 'references') {
    code.push(`index('${resource.table}_${field.column}_idx').on(t.${field.name}),`);
    imports.push('index');
  }
  return { code, imports };
}

const orNull = (field: Field, schema: string) => (field.optional ? `${schema}.nullish()` : schema);

/**
 * The model's zod rule for the field (messages read like the framework's). A required string or text is
 * `visibleText()` from '@/server' (the model's imports list it and `calendarDate`, unused ones are pruned): "can't be blank"
 * for text with nothing visible too (only zero-width characters, bidi controls...), not only for spaces.
 */
export function validation(field: Field): string | undefined {
  switch (field.type) {
    case 'string':
    case 'text':
      return field.optional ? 'z.string().nullish()' : 'visibleText()';
    case 'integer':
      return orNull(
        field,
        "z.number().int('must be a whole number').min(-2_147_483_648, 'is too small').max(2_147_483_647, 'is too large')",
      );
    case 'bigint':
      return orNull(field, "z.number().int('must be a whole number').safe('is too large')");
    case 'decimal': {
      const whole = DECIMAL.precision - DECIMAL.scale;
      return orNull(
        field,
        `z.string().regex(/^-?\\d{1,${whole}}(\\.\\d{1,${DECIMAL.scale}})?$/, ${q(DECIMAL_MESSAGE)})`,
      );
    }
    case 'boolean':
      // A required boolean defaults to false in the database: absent is fine, null is not.
      return field.optional ? 'z.boolean().nullish()' : 'z.boolean().optional()';
    case 'date':
      // A day the calendar has (`2026-02-31` is refused), from '@/server' like visibleText.
      return orNull(field, 'calendarDate()');
    case 'timestamp':
      return orNull(field, "z.date('must be a date and time')");
    case 'enum': {
      const values = field.values ?? [];
      const words = values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values[0];
      return orNull(field, `z.enum([${values.map(q).join(', ')}], 'must be ${words}')`);
    }
    case 'references':
      return orNull(field, "z.number().int('must be a whole number')");
  }
}

/** What the form holds for the field (strings for inputs, a boolean for a checkbox). */
export function formState(field: Field, record: string): { init: string; empty: string } {
  const v = `${record}.${field.name}`;
  switch (field.type) {
    case 'boolean':
      return { init: `${v} ?? false`, empty: 'false' };
    case 'timestamp':
      return { init: `${v} ? toLocalInput(${v}) : ''`, empty: "''" };
    case 'enum':
      return { init: `${v} ?? ''`, empty: field.optional ? "''" : q((field.values ?? [])[0] ?? '') };
    default:
      return { init: `${v} === null || ${v} === undefined ? '' : String(${v})`, empty: "''" };
  }
}

/** The form value -> the JSON the API takes. Empty inputs send null ("can't be blank" when required). */
export function toJson(field: Field, value: string): string {
  switch (field.type) {
    case 'boolean':
      return value;
    case 'integer':
    case 'bigint':
    case 'references':
      return `${value} === '' ? null : Number(${value})`;
    case 'timestamp':
      return `${value} === '' ? null : new Date(${value}).toISOString()`;
    default:
      return `${value} === '' ? null : ${value}`;
  }
}

/** The input for the field, in JSX. `value`/`set` name the state; `fieldErrors` the form's messages by field. */
export function input(field: Field, resource: Resource, value: string, set: string): string {
  const id = `${resource.camel}-${field.name}`;
  const text = (type: string, extra = '') =>
    `<TextField id="${id}" label="${label(field)}" type="${type}"${extra} value={${value}} onChange={${set}} errors={fieldErrors?.${field.name}} />`;
  const wrap = (control: string) =>
    [
      '<div className="field">',
      `  <label htmlFor="${id}">${label(field)}</label>`,
      `  ${control}`,
      `  <FieldError inputId="${id}" messages={fieldErrors?.${field.name}} />`,
      '</div>',
    ].join('\n');
  const described = `{...fieldErrorProps('${id}', fieldErrors?.${field.name})}`;
  switch (field.type) {
    case 'string':
      return text('text');
    case 'integer':
    case 'bigint':
      return text('number', ' step="1"');
    case 'decimal':
      return text('text', ' inputMode="decimal"');
    case 'date':
      return text('date');
    case 'timestamp':
      return text('datetime-local');
    case 'text':
      return wrap(
        `<textarea id="${id}" rows={4} value={${value}} onChange={(event) => ${set}(event.target.value)} ${described} />`,
      );
    case 'boolean':
      return [
        '<div className="field">',
        `  <label htmlFor="${id}">`,
        `    <input id="${id}" type="checkbox" checked={${value}} onChange={(event) => ${set}(event.target.checked)} ${described} />{' '}`,
        `    ${label(field)}`,
        '  </label>',
        `  <FieldError inputId="${id}" messages={fieldErrors?.${field.name}} />`,
        '</div>',
      ].join('\n');
    case 'enum': {
      const options = (field.values ?? []).map((v) => `    <option value="${v}">${v}</option>`);
      return wrap(
        [
          `<select id="${id}" value={${value}} onChange={(event) => ${set}(event.target.value)} ${described}>`,
          ...(field.optional ? ['    <option value="">—</option>'] : []),
          ...options,
          '  </select>',
        ].join('\n'),
      );
    }
    case 'references':
      return wrap(
        [
          `<select id="${id}" value={${value}} onChange={(event) => ${set}(event.target.value)} ${described}>`,
          `    <option value="">${field.optional ? '—' : `Choose a ${lowerWords(label(field))}`}</option>`,
          `    {${field.association}Options.map((option) => (`,
          '      <option key={option.id} value={option.id}>',
          '        {option.label}',
          '      </option>',
          '    ))}',
          '  </select>',
        ].join('\n'),
      );
  }
}

/** The field's value as text in the list and the detail page. */
export function display(field: Field, record: string): string {
  const v = `${record}.${field.name}`;
  switch (field.type) {
    case 'boolean':
      return `${v} ? 'Yes' : 'No'`;
    case 'timestamp':
      // UTC, and saying so: the server and the browser render the same text (no hydration mismatch), and a time
      // entered in local time is not shown as if it were local.
      return `${v} ? new Date(${v}).toLocaleString('en-US', { timeZone: 'UTC', timeZoneName: 'short' }) : '—'`;
    case 'references':
      return `recordLabel(${record}.${field.association}, ${v})`;
    default:
      return `${v} === null || ${v} === undefined ? '—' : String(${v})`;
  }
}

export const isSortable = (field: Field) => field.type !== 'text';
export const isFilterable = (field: Field) => ['enum', 'boolean', 'references'].includes(field.type);
