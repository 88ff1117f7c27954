/**
 * The values of the templates that make records and test them: the seeder,
 * the controller's test and the browser test. Each is generated code, so a
 * change here shows in every scaffold's tests (scaffoldFiles.test.ts).
 * The file slots' tests come from uploadTestValues.ts, the values of unique
 * fields (and how many records a seeder makes) from uniqueValues.ts.
 */
import { invalid, sample } from './fieldSamples';
import { fieldLabel, isFilterable } from './fieldTypes';
import { lines } from './lines';
import type { Field, Resource } from './parseScaffold';
import type { Factory } from './referencedModels';
import { freeValues, seedValues, uniqueSample } from './uniqueValues';
import { uploadTestValues } from './uploadTestValues';
import { lowerWords, runningText } from './words';

/** A required string or text: its model rule is `visibleText()`. */
const showsText = (field: Field) => !field.optional && (field.type === 'string' || field.type === 'text');

/** A zero-width space and a bidi isolate, as escapes in the generated source. */
const INVISIBLE = ['\\u200b', '\\u2066', '\\u2069'];

/** Blank for a required text field, though not empty: nothing in it shows (visibleText). */
function invisibleChecks(texts: readonly Field[]): string[] {
  if (texts.length === 0) return [];
  return [
    '// Only zero-width characters and bidi isolates: nothing shows, so it is blank (visibleText).',
    ...texts.flatMap((field) => [
      // As many as a short `string:N` holds (string:2: two), else its length would be refused too.
      `const invisible${field.name} = await createInvalid({ ...valid(), ${field.name}: '${INVISIBLE.slice(0, field.length ?? INVISIBLE.length).join('')}' });`,
      `expect(invisible${field.name}.body).toMatchObject({ error: { fields: { ${field.name}: ["can't be blank"] } } });`,
    ]),
  ];
}

/** The model's message for a value outside an enum: "must be a, b or c". */
function enumMessage(field: Field): string {
  const values = field.values ?? [];
  return `must be ${values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values[0]}`;
}

/** One expectation per filterable field: the index filtered by it answers only matching rows. */
function filterCheck(field: Field): string {
  const value =
    field.type === 'references'
      ? `\${ref.${field.association}.id}`
      : field.type === 'boolean'
        ? 'true'
        : (field.values ?? [])[0];
  const expected =
    field.type === 'references'
      ? `ref.${field.association}.id`
      : field.type === 'boolean'
        ? 'true'
        : `'${(field.values ?? [])[0]}'`;
  return [
    `const by${field.name} = await call<IndexJson>('GET', \`\${base()}?filter[${field.name}]=${value}\`);`,
    `expect(by${field.name}.status).toBe(200);`,
    `expect(by${field.name}.body.data.every((row) => row.${field.name} === ${expected})).toBe(true);`,
  ].join('\n');
}

/** How the browser test fills one field of the new-record form; the title field gets the test's marker. */
function fillField(field: Field, titleField: Field | undefined): string {
  const l = fieldLabel(field);
  if (field === titleField) return `await form.getByLabel('${l}', { exact: true }).fill(marker);`;
  switch (field.type) {
    case 'boolean':
      return `await form.getByLabel('${l}', { exact: true }).check();`;
    // A unique enum: the value the seeder leaves free in the team (uniqueValues.ts).
    case 'enum':
      return `await form.getByLabel('${l}', { exact: true }).selectOption('${(field.unique ? field.values?.at(-1) : field.values?.[0]) ?? ''}');`;
    case 'references':
      return `await expect(form.getByLabel('${l}', { exact: true }).locator('option')).not.toHaveCount(1);\nawait form.getByLabel('${l}', { exact: true }).selectOption({ index: 1 });`;
    case 'timestamp':
      return `await form.getByLabel('${l}', { exact: true }).fill('2026-01-15T10:30');`;
    default: {
      const raw = sample(field, 0);
      return `await form.getByLabel('${l}', { exact: true }).fill(${raw.startsWith("'") ? raw : `'${raw}'`});`;
    }
  }
}

/**
 * The referenced record cannot be deleted while a record refers to it (the generated foreign key
 * restricts, optional or not): its controller's destroy answers 422 naming this table, and both rows stay.
 */
function restrictTest(resource: Resource, field: Field, segment: string): string {
  const target = field.target as string;
  const referring = runningText(resource.name);
  return [
    `it("refuses to delete a ${lowerWords(fieldLabel(field))} a ${referring} still refers to (422); both remain", async () => {`,
    // One the setup made: a model with a unique field of few values (a boolean's two) may hold no more in the team.
    `  const target = ref.${field.association}2;`,
    `  const referring = await call('POST', base(), { data: { ...valid(), ${field.name}: target.id } });`,
    '  expect(referring.status, JSON.stringify(referring.body)).toBe(201);',
    `  const refused = await call('DELETE', \`/teams/\${home}/${segment}/\${target.id}\`);`,
    '  expect(refused.status).toBe(422);',
    `  expect(refused.body).toMatchObject({ error: { fields: { base: ['${target} is still referenced by ${resource.table.replace(/_/g, ' ')}'] } } });`,
    `  expect(await ${target}.findBy({ id: target.id })).not.toBeNull();`,
    `  expect((await ${resource.name}.find(referring.body.id)).${field.name}).toBe(target.id);`,
    '});',
  ].join('\n');
}

/** A create the document itself refuses (missing or mistyped fields), for the test's 422 checks. */
const CREATE_INVALID = [
  "/** A create the document itself refuses (missing or mistyped fields): the model's 422 is what counts. */",
  'async function createInvalid(data: Record<string, unknown>) {',
  "  return contract.call<{ error: { fields: Record<string, string[]> } }>('POST', base(), {",
  '    cookie: owner,',
  '    body: { data },',
  '    invalid: true,',
  '  });',
  '}',
].join('\n');

/**
 * An empty create: 422 naming every required field; with none required (all optional, or only booleans,
 * which default to false), an empty record is valid, and the test says so instead of expecting a 422.
 */
function emptyCheck(fields: readonly Field[]): string {
  const required = fields.filter((field) => !field.optional && field.type !== 'boolean');
  if (required.length === 0)
    return [
      '// No field is required: an empty record is valid.',
      "const empty = await call('POST', base(), { data: {} });",
      'expect(empty.status, JSON.stringify(empty.body)).toBe(201);',
    ].join('\n');
  return [
    'const empty = await createInvalid({});',
    'expect(empty.status).toBe(422);',
    `expect(Object.keys(empty.body.error.fields).sort()).toEqual([${required
      .map((field) => `'${field.name}'`)
      .sort()
      .join(', ')}]);`,
  ].join('\n');
}

/**
 * `factories`: each referenced model's factory, `segments`: the URL segment its controller serves under the
 * team (referencedModels.ts); `titleField`: the first required text field, which the browser test types its marker into.
 */
export function testValues(
  resource: Resource,
  {
    factories,
    segments,
    titleField,
  }: { factories: ReadonlyMap<string, Factory>; segments: ReadonlyMap<string, string>; titleField: Field | undefined },
): Record<string, string> {
  const { name: Name, fields } = resource;
  const references = fields.filter((field) => field.type === 'references');
  const targets = [...factories.keys()];
  const create = (target: string, teamId: string) => factories.get(target)?.call(teamId) as string;
  const labelOf = (field: Field) => lowerWords(fieldLabel(field));
  const values: Record<string, string> = {
    modelImports: [...new Set(['Membership', 'Team', 'User', Name, ...targets])].sort().join(', '),
    refDeclaration:
      references.length === 0
        ? ''
        : `// Records the ${runningText(resource.pluralTitle)} reference: two in the home team, one in the other.\nconst ref = {} as Record<${references
            .flatMap((field) => [field.association, `${field.association}2`, `${field.association}Away`])
            .map((key) => `'${key}'`)
            .join(' | ')}, { id: number }>;`,
    referenceSetup: lines(
      references.flatMap((field) => [
        `ref.${field.association} = await ${create(field.target as string, 'home')};`,
        `ref.${field.association}2 = await ${create(field.target as string, 'home')};`,
        `ref.${field.association}Away = await ${create(field.target as string, 'away')};`,
      ]),
    ),
    freeValues: freeValues(resource),
    uniqueCounter: fields.some((field) => field.unique)
      ? '// Unique fields get a new value in every record.\nlet serial = 0;'
      : '',
    validData: lines(fields.map((field) => `${field.name}: ${uniqueSample(field, 0)},`)),
    updateData: lines(fields.map((field) => `${field.name}: ${uniqueSample(field, 1)},`)),
    getExpectations:
      references.length === 0
        ? 'expect(shown.body).toMatchObject(data);'
        : `expect(shown.body).toMatchObject({ ...data, ${references.map((field) => `${field.association}: { id: ref.${field.association}.id }`).join(', ')} });`,
    emptyCheck: emptyCheck(fields),
    invalidChecks: lines([
      ...fields.flatMap((field) => {
        const bad = invalid(field);
        if (!bad) return [];
        const message = field.type === 'enum' ? enumMessage(field) : bad.message;
        return [
          `const bad${field.name} = await createInvalid({ ...valid(), ${field.name}: ${bad.value} });`,
          `expect(bad${field.name}.status).toBe(422);`,
          `expect(bad${field.name}.body).toMatchObject({ error: { fields: { ${field.name}: expect.arrayContaining([${JSON.stringify(message)}]) } } });`,
        ];
      }),
      ...invisibleChecks(fields.filter(showsText)),
    ]),
    filterChecks: lines(fields.filter(isFilterable).map(filterCheck)),
    ...uploadTestValues(resource),
    referenceTest: lines(
      references.map((field) =>
        [
          `it("refuses a ${labelOf(field)} of another team (422)", async () => {`,
          `  const created = await call('POST', base(), { data: { ...valid(), ${field.name}: ref.${field.association}Away.id } });`,
          '  expect(created.status).toBe(422);',
          // backend/app.ts keeps every reference within the team (keepReferencesInTenant): as if it did not exist.
          `  expect(created.body).toMatchObject({ error: { fields: { ${field.name}: ['must exist'] } } });`,
          `  const mine = await call('POST', base(), { data: valid() });`,
          `  const moved = await call('PATCH', \`\${base()}/\${mine.body.id}\`, { data: { ${field.name}: ref.${field.association}Away.id } });`,
          '  expect(moved.status).toBe(422);',
          '});',
        ].join('\n'),
      ),
    ),
    restrictTest: lines(
      references.map((field) => restrictTest(resource, field, segments.get(field.target as string) as string)),
    ),
    firstBlankMessage: "can't be blank",
    firstLabel: titleField ? fieldLabel(titleField) : '',
    fillCreate: lines(fields.map((field) => fillField(field, titleField))),
    ...seedValues(resource),
    factoryImports: lines([...factories.values()].flatMap((factory) => factory.importLine ?? [])),
    // A required reference reuses a record of the team (the demo's campaigns...), making one only when there is none:
    // seeding adds no records to the referenced model, and a chain of references (LineItem -> Product -> Campaign) ends.
    // A unique one cannot be shared, so each record gets a new one.
    factoryDefaults: lines(
      references
        .filter((field) => !field.optional)
        .map((field) =>
          field.unique
            ? `${field.name}: attributes.${field.name} ?? (await ${create(field.target as string, 'teamId')}).id,`
            : `${field.name}: attributes.${field.name} ?? ((await ${field.target}.findBy({ teamId })) ?? (await ${create(field.target as string, 'teamId')})).id,`,
        ),
    ),
  };
  // The test's helpers are declared only where it uses them (an unused one fails the lint): a unique enum or
  // boolean needs no counter, and a resource with nothing invalid to send no createInvalid.
  const samples = `${values.validData}\n${values.updateData}`;
  if (!samples.includes('serial')) values.uniqueCounter = '';
  values.createInvalid = `${values.emptyCheck}\n${values.invalidChecks}`.includes('createInvalid(')
    ? CREATE_INVALID
    : '';
  return values;
}
