/**
 * Reads `scaffold <Name> <field>:<type>[:<arg>][:<modifier>]...` into a
 * resource description, or throws a GeneratorError naming the problem.
 * Nothing is written before this succeeds (scripts/generate.ts).
 */
import { looksLikeCredential } from '@/server/model';
import { isFilterable } from './fieldTypes';
import { GeneratorError } from './generatorError';
import { isReservedWord, OBJECT_NAMES, RESERVED_FIELDS } from './reservedNames';
import { parseResourceName, type ResourceName } from './resourceName';
import { fieldWords } from './words';

export { GeneratorError } from './generatorError';
export { parseResourceName } from './resourceName';

const FIELD_TYPES = [
  'string',
  'text',
  'integer',
  'bigint',
  'decimal',
  'boolean',
  'date',
  'timestamp',
  'enum',
  'references',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];
/**
 * File slots rather than columns: `photo:image` declares `hasOneAttached` on the model, the plural
 * `photos:images` a `hasManyAttached` list (docs/attachments.md), so they live in
 * `Resource.attachments`, apart from the columns.
 */
const ATTACHMENT_TYPES = ['image', 'attachment', 'images', 'attachments'] as const;
export type AttachmentType = (typeof ATTACHMENT_TYPES)[number];
const ALL_TYPES = [...FIELD_TYPES, ...ATTACHMENT_TYPES];
const MODIFIERS = ['optional', 'unique'] as const;

export interface Field {
  /** camelCase, as in JSON and TypeScript (`campaignId` for `campaign:references`). */
  name: string;
  /** snake_case column (`campaign_id`). */
  column: string;
  type: FieldType;
  /** `string:120`: varchar length (default 255). */
  length?: number;
  /** `enum:a,b,c`. */
  values?: string[];
  /** `campaign:references`: the referenced model (`Campaign`) and the association name (`campaign`). */
  target?: string;
  association?: string;
  optional: boolean;
  unique: boolean;
}

/**
 * `photo:image`: a has-one file slot named `photo` (the key in the record's JSON and the slot `Product.photo`);
 * `photos:images`, `files:attachments`: has-many slots (a list in the JSON).
 */
export interface AttachmentField {
  name: string;
  type: AttachmentType;
}

export interface Resource extends ResourceName {
  /** The columns. */
  fields: Field[];
  /** The file slots (`image`, `attachment`, `images`, `attachments`), in the order given. */
  attachments: AttachmentField[];
}

const snake = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
const upperFirst = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);
/**
 * The columns every generated table has (templates/scaffold/schema.ts.tmpl), by column: `teamID` is a
 * name of its own but the column `team_id`, which the table would then declare twice. A column added to
 * that template belongs here too: parseScaffold.test.ts reads the template and fails until it is.
 */
export const GENERATED_COLUMNS: ReadonlyMap<string, string> = new Map(
  ['id', 'teamId', 'createdById', 'createdAt', 'updatedAt'].map((name) => [snake(name), name]),
);
/** The list's column every record has (templates/scaffold/List.tsx.tmpl): its header is a key of the list's sorts. */
const CREATED_HEADER = 'Created';

export function parseField(spec: string): Field {
  const [rawName, type, ...rest] = spec.split(':');
  const name = rawName ?? '';
  if (!/^[a-z][A-Za-z0-9]*$/.test(name))
    throw new GeneratorError(`scaffold: field "${name}" in "${spec}" must be camelCase (like price or releaseDate)`);
  if (!type)
    throw new GeneratorError(`scaffold: field "${spec}" has no type; write ${name}:<type> (${ALL_TYPES.join(', ')})`);
  if (!(FIELD_TYPES as readonly string[]).includes(type))
    throw new GeneratorError(`scaffold: unknown type "${type}" in "${spec}"; types: ${ALL_TYPES.join(', ')}`);
  const field: Field = { name, column: snake(name), type: type as FieldType, optional: false, unique: false };
  let args = rest;
  if (type === 'string' && args[0] && /^\d+$/.test(args[0])) {
    field.length = Number(args[0]);
    if (field.length < 1 || field.length > 10_485_760)
      throw new GeneratorError(`scaffold: length ${args[0]} in "${spec}" must be between 1 and 10485760`);
    args = args.slice(1);
  }
  if (type === 'enum') {
    // The values are written into TypeScript, SQL and the form as they are: lower-case identifiers.
    const values = (args[0] ?? '').split(',');
    if (values.every((value) => value === ''))
      throw new GeneratorError(`scaffold: "${spec}" lists no values; write ${name}:enum:a,b,c`);
    if (values.includes(''))
      throw new GeneratorError(`scaffold: "${spec}" has an empty value (two commas, or one at an end)`);
    for (const value of values)
      if (!/^[a-z][a-z0-9_]*$/.test(value))
        throw new GeneratorError(
          `scaffold: enum value "${value}" in "${spec}" must start with a lower-case letter, then lower-case letters, digits or _ (like draft or level_2)`,
        );
    if (new Set(values).size !== values.length) throw new GeneratorError(`scaffold: "${spec}" repeats a value`);
    field.values = values;
    args = args.slice(1);
  }
  if (type === 'references') {
    if (name.endsWith('Id'))
      throw new GeneratorError(`scaffold: write the association, not the column: ${name.slice(0, -2)}:references`);
    field.target = name.charAt(0).toUpperCase() + name.slice(1);
    field.association = name;
    field.name = `${name}Id`;
    field.column = `${snake(name)}_id`;
  }
  for (const modifier of args) {
    if (modifier === 'optional') field.optional = true;
    else if (modifier === 'unique') field.unique = true;
    else
      throw new GeneratorError(
        `scaffold: unknown modifier "${modifier}" in "${spec}"; modifiers: ${MODIFIERS.join(', ')}`,
      );
  }
  if (RESERVED_FIELDS.has(field.name) || RESERVED_FIELDS.has(name) || isReservedWord(name))
    throw new GeneratorError(
      `scaffold: field "${name}" is reserved (the generated code, the record API or JavaScript uses it); rename it`,
    );
  const generated = GENERATED_COLUMNS.get(field.column);
  if (generated)
    throw new GeneratorError(
      `scaffold: field "${name}" maps to the column "${field.column}", which the generated table has already (${generated}); rename it`,
    );
  if (OBJECT_NAMES.has(field.name) || OBJECT_NAMES.has(name))
    throw new GeneratorError(
      `scaffold: field "${name}" is a name every JavaScript object has (Object.prototype.${name}); rename it`,
    );
  // A scaffold shows every field in its JSON, forms and pages; a secret must be hidden (server/model/credentialColumns.ts).
  if (looksLikeCredential(field.name))
    throw new GeneratorError(
      `scaffold: field "${name}" looks like a credential, which a scaffold would show in its JSON, forms and pages; ` +
        "scaffold without it, then add the column by hand and list it in the model's `hidden`",
    );
  return field;
}

/** Whether a command-line field is a file slot (`photo:image`) rather than a column. */
export const isAttachmentSpec = (spec: string) =>
  (ATTACHMENT_TYPES as readonly string[]).includes(spec.split(':')[1] ?? '');

/** `photo:image` or `contract:attachment`: a has-one file slot; `photos:images`, `files:attachments`: has-many. */
export function parseAttachment(spec: string): AttachmentField {
  const [name = '', type, ...rest] = spec.split(':');
  if (!/^[a-z][A-Za-z0-9]*$/.test(name))
    throw new GeneratorError(`scaffold: field "${name}" in "${spec}" must be camelCase (like photo or contractFile)`);
  // A slot is empty until a file is attached (after the record exists), so `optional` would say nothing,
  // and `unique` has no column to constrain.
  if (rest.length > 0)
    throw new GeneratorError(
      `scaffold: "${spec}" takes no argument or modifier; a file slot is always optional (write ${name}:${type})`,
    );
  // The slot's name is a key of the record's JSON and a relation name of the model, like a column's.
  if (RESERVED_FIELDS.has(name) || OBJECT_NAMES.has(name) || isReservedWord(name))
    throw new GeneratorError(
      `scaffold: field "${name}" is reserved (the generated code, the record API or JavaScript uses it); rename it`,
    );
  return { name, type: type as AttachmentType };
}

export function parseScaffold(name: string | undefined, fieldSpecs: readonly string[], pluralName?: string): Resource {
  const resource = parseResourceName(name, pluralName);
  const fields = fieldSpecs.filter((spec) => !isAttachmentSpec(spec)).map(parseField);
  const attachments = fieldSpecs.filter(isAttachmentSpec).map(parseAttachment);
  // The pages, tests and seeder are built around the columns: a record of files only would have nothing to create.
  if (fields.length === 0)
    throw new GeneratorError(
      fieldSpecs.length === 0
        ? 'scaffold: give at least one field, e.g. `name:string`'
        : 'scaffold: give at least one field that is not a file, e.g. `name:string photo:image`',
    );
  // The pages declare the record and the list as variables beside one state variable per field.
  for (const field of [...fields, ...attachments])
    if (field.name === resource.camel || field.name === resource.pluralCamel)
      throw new GeneratorError(
        `scaffold: field "${field.name}" has the name the generated code gives the ${field.name === resource.camel ? 'record' : 'list'}; rename it`,
      );
  const seen = new Set<string>();
  for (const field of [...fields, ...attachments]) {
    if (seen.has(field.name)) throw new GeneratorError(`scaffold: field "${field.name}" is given twice`);
    seen.add(field.name);
  }
  refuseSharedColumns(fields);
  refuseSharedNames(fields, attachments);
  for (const field of fields)
    if (fieldWords(field.association ?? field.name) === CREATED_HEADER)
      throw new GeneratorError(
        `scaffold: field "${field.association ?? field.name}" would be headed "${CREATED_HEADER}" in the list, beside the column every record has (its creation date); rename it (createdOn, madeAt...)`,
      );
  return { ...resource, fields, attachments };
}

/** The name given on the command line: `supplier` for `supplier:references` (whose column is `supplierId`). */
const given = (field: Field | AttachmentField) => ('association' in field && field.association) || field.name;

/** `imageUrl` and `imageURL` are two names but one column, `image_url`, which the table would declare twice. */
function refuseSharedColumns(fields: readonly Field[]): void {
  const byColumn = new Map<string, Field>();
  for (const field of fields) {
    const other = byColumn.get(field.column);
    if (other)
      throw new GeneratorError(
        `scaffold: fields "${given(other)}" and "${given(field)}" both map to the column "${field.column}"; rename one of them`,
      );
    byColumn.set(field.column, field);
  }
}

/**
 * The names the generated code declares for each field (scripts/generate/scaffoldFiles.ts): the field itself
 * (the form's state variable, a key of the JSON), its setter `set<Field>`, a filter's `<field>Filter` and
 * `set<Field>Filter`, and for a reference its association and the list's `<association>Options`. Two fields
 * declaring one name would not compile (or, for an association and a column, not load).
 */
function declaredNames(field: Field | AttachmentField): [string, string][] {
  if (!('column' in field)) return [[field.name, `the file slot ${field.name}`]];
  const shown = field.association ? `${field.association}:references` : field.name;
  const names: [string, string][] = [
    [field.name, field.association ? `the column of ${shown}` : `the field ${field.name}`],
    [`set${upperFirst(field.name)}`, `the form's setter for ${shown}`],
  ];
  if (isFilterable(field))
    names.push(
      [`${field.name}Filter`, `the list's filter for ${shown}`],
      [`set${upperFirst(field.name)}Filter`, `the list's filter setter for ${shown}`],
    );
  if (field.association)
    names.push(
      [field.association, `the association of ${shown}`],
      [`${field.association}Options`, `the list's options for ${shown}`],
    );
  return names;
}

function refuseSharedNames(fields: readonly Field[], attachments: readonly AttachmentField[]): void {
  const owners = new Map<string, { field: Field | AttachmentField; what: string }>();
  for (const field of [...fields, ...attachments])
    for (const [name, what] of declaredNames(field)) {
      const owner = owners.get(name);
      if (owner && owner.field !== field)
        throw new GeneratorError(
          `scaffold: fields "${given(owner.field)}" and "${given(field)}" both give the generated code the name "${name}" (${owner.what}, and ${what}); rename one of them`,
        );
      owners.set(name, { field, what });
    }
}
