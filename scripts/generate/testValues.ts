/**
 * The values of the templates that make records and test them: the seeder,
 * the controller's test and the browser test. Each is generated code, so a
 * change here shows in every scaffold's tests (scaffoldFiles.test.ts).
 */
import { attachmentLabel, isImageSlot, isListSlot } from './attachmentTypes';
import { fieldLabel, invalid, isFilterable, sample } from './fieldTypes';
import { lines } from './lines';
import type { AttachmentField, Field, Resource } from './parseScaffold';
import type { Factory } from './referencedModels';
import { lowerWords, runningText } from './words';

/** A sample value; a unique field's varies with a counter (`serial`) so records never collide. */
function uniqueSample(field: Field, variant: 0 | 1): string {
  const value = sample(field, variant);
  if (!field.unique) return value;
  switch (field.type) {
    case 'string':
    case 'text':
      return `\`${value.slice(1, -1)} \${++serial}\``;
    case 'integer':
    case 'bigint':
      return `${value} + ++serial`;
    case 'decimal':
      return `\`\${${variant === 0 ? 12 : 0} + ++serial}.${variant === 0 ? '50' : '99'}\``;
    // A day (or a minute) later for each record, from the sample's date.
    case 'date':
      return `new Date(Date.parse(${value}) + ++serial * 86_400_000).toISOString().slice(0, 10)`;
    case 'timestamp':
      return `new Date(Date.parse(${value}) + ++serial * 60_000).toISOString()`;
    default:
      return value; // boolean, enum, references: as many records as values; give distinct ones in your tests
  }
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
    `const by${field.name} = await call<Index>('GET', \`\${base()}?filter[${field.name}]=${value}\`);`,
    `expect(by${field.name}.status).toBe(200);`,
    `expect(by${field.name}.body.data.every((row) => row.${field.name} === ${expected})).toBe(true);`,
  ].join('\n');
}

/** How the browser test fills one field of the new-record form; the title field gets the test's marker. */
function fillField(field: Field, titleField: Field | undefined): string {
  const l = fieldLabel(field);
  if (field === titleField) return `await form.getByLabel('${l}').fill(marker);`;
  switch (field.type) {
    case 'boolean':
      return `await form.getByLabel('${l}').check();`;
    case 'enum':
      return `await form.getByLabel('${l}').selectOption('${(field.values ?? [])[0]}');`;
    case 'references':
      return `await expect(form.getByLabel('${l}').locator('option')).not.toHaveCount(1);\nawait form.getByLabel('${l}').selectOption({ index: 1 });`;
    case 'timestamp':
      return `await form.getByLabel('${l}').fill('2026-01-15T10:30');`;
    default: {
      const raw = sample(field, 0);
      return `await form.getByLabel('${l}').fill(${raw.startsWith("'") ? raw : `'${raw}'`});`;
    }
  }
}

/**
 * The controller test's file checks: each slot through presign -> PUT -> confirm -> attach -> read -> detach
 * on s3rver (a list slot with two files, one removed), then another team's asset and record (404). A small
 * PNG fits every generated slot.
 */
function attachmentTests(resource: Resource): string {
  const { name: Name, attachments } = resource;
  if (attachments.length === 0) return '';
  const one = (slot: string) =>
    [
      `it('attaches a file to ${slot}: presign -> PUT -> confirm -> attach, shown with the record, then detach', async () => {`,
      `  const record = await create${Name}(home);`,
      `  const assetId = await upload(home, '${Name}.${slot}');`,
      `  const attached = await call('POST', \`\${base()}/\${record.id}/attach\`, { slot: '${slot}', assetId });`,
      '  expect(attached.status, JSON.stringify(attached.body)).toBe(200);',
      `  expect(attached.body).toMatchObject({ id: record.id, ${slot}: { id: assetId, filename: 'sample.png', contentType: 'image/png' } });`,
      `  const shown = await call('GET', \`\${base()}/\${record.id}\`);`,
      `  const url = (shown.body.${slot} as { url: string }).url;`,
      '  // Private: a presigned GET of the final key, which holds the confirmed bytes.',
      "  expect(new URL(url).searchParams.get('X-Amz-Signature')).toBeTruthy();",
      '  expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(TINY_PNG)).toBe(true);',
      `  const detached = await call('POST', \`\${base()}/\${record.id}/detach\`, { slot: '${slot}' });`,
      '  expect(detached.status).toBe(200);',
      `  expect(detached.body.${slot}).toBeNull();`,
      '});',
    ].join('\n');
  const many = (slot: string) =>
    [
      `it('attaches files to ${slot}: two through presign -> PUT -> confirm -> attach, listed in order, then one detached', async () => {`,
      `  const record = await create${Name}(home);`,
      `  const first = await upload(home, '${Name}.${slot}');`,
      `  const second = await upload(home, '${Name}.${slot}');`,
      '  for (const assetId of [first, second]) {',
      `    const attached = await call('POST', \`\${base()}/\${record.id}/attach\`, { slot: '${slot}', assetId });`,
      '    expect(attached.status, JSON.stringify(attached.body)).toBe(200);',
      '  }',
      `  const shown = await call('GET', \`\${base()}/\${record.id}\`);`,
      `  const files = shown.body.${slot} as { id: number; url: string }[];`,
      '  expect(files.map((file) => file.id)).toEqual([first, second]);',
      '  // Private: presigned GETs of the final keys, which hold the confirmed bytes.',
      '  for (const { url } of files) {',
      "    expect(new URL(url).searchParams.get('X-Amz-Signature')).toBeTruthy();",
      '    expect(Buffer.from(await (await fetch(url)).arrayBuffer()).equals(TINY_PNG)).toBe(true);',
      '  }',
      `  const detached = await call('POST', \`\${base()}/\${record.id}/detach\`, { slot: '${slot}', assetId: first });`,
      '  expect(detached.status).toBe(200);',
      `  expect((detached.body.${slot} as { id: number }[]).map((file) => file.id)).toEqual([second]);`,
      '  // A file the slot no longer holds: nothing to remove.',
      `  expect((await call('POST', \`\${base()}/\${record.id}/detach\`, { slot: '${slot}', assetId: first })).status).toBe(404);`,
      '});',
    ].join('\n');
  // Another team's asset (attach, and for a list slot detach by id) and another team's record: 404.
  const isolation = (slot: string, list: boolean) =>
    [
      `it("keeps ${list ? slot : 'files'} apart: another team's asset or record is a 404", async () => {`,
      `  const mine = await create${Name}(home);`,
      `  const theirs = await upload(away, '${Name}.${slot}', outsider);`,
      `  const foreign = await call('POST', \`\${base()}/\${mine.id}/attach\`, { slot: '${slot}', assetId: theirs });`,
      '  expect(foreign.status).toBe(404);',
      `  const own = await upload(home, '${Name}.${slot}');`,
      ...(list
        ? [
            `  expect((await call('POST', \`\${base()}/\${mine.id}/attach\`, { slot: '${slot}', assetId: own })).status).toBe(200);`,
            `  expect((await call('POST', \`\${base()}/\${mine.id}/detach\`, { slot: '${slot}', assetId: theirs })).status).toBe(404);`,
          ]
        : []),
      `  const intruder = await call('POST', \`\${base(away)}/\${mine.id}/attach\`, { slot: '${slot}', assetId: own }, outsider);`,
      '  expect(intruder.status).toBe(404);',
      `  expect((await call('POST', \`\${base(away)}/\${mine.id}/detach\`, { slot: '${slot}'${list ? ', assetId: own' : ''} }, outsider)).status).toBe(404);`,
      `  const shown = await call('GET', \`\${base()}/\${mine.id}\`);`,
      list
        ? `  expect((shown.body.${slot} as { id: number }[]).map((file) => file.id)).toEqual([own]);`
        : `  expect(shown.body.${slot}).toBeNull();`,
      '});',
    ].join('\n');
  const firstOne = attachments.find((attachment) => !isListSlot(attachment));
  const firstList = attachments.find(isListSlot);
  return lines([
    ...attachments.map((attachment) => (isListSlot(attachment) ? many : one)(attachment.name)),
    ...(firstOne ? ['', isolation(firstOne.name, false)] : []),
    ...(firstList ? ['', isolation(firstList.name, true)] : []),
  ]);
}

/** The helper the file checks share: the browser's side of an upload. */
const UPLOAD_HELPER = `/** What the browser does before attaching: presign for the slot, PUT the bytes to storage, confirm. */
async function upload(teamId: number, slot: string, cookie = owner): Promise<number> {
  type Presigned = { asset: { id: number }; uploadUrl: string; method: string; headers: Record<string, string> };
  const file = { filename: 'sample.png', contentType: 'image/png', byteSize: TINY_PNG.byteLength, slot };
  const presigned = await call<Presigned>('POST', \`/teams/\${teamId}/uploads/presign\`, file, cookie);
  expect(presigned.status, JSON.stringify(presigned.body)).toBe(200);
  const { uploadUrl, method, headers, asset } = presigned.body;
  expect((await fetch(uploadUrl, { method, headers, body: new Uint8Array(TINY_PNG) })).status).toBe(200);
  const confirmed = await call('POST', \`/teams/\${teamId}/uploads/confirm\`, { assetId: asset.id }, cookie);
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return asset.id;
}`;

/** The browser test's step on the new record's page: each slot takes a small PNG and shows it attached. */
function uploadSteps(resource: Resource): string {
  if (resource.attachments.length === 0) return '';
  // The image job makes the thumbnail after the upload; the page looks again until it has, then shows it.
  const thumbnails = (region: string, label: string, names: readonly string[]) => [
    ...names.map(
      (file) =>
        `await expect(${region}.getByRole('img', { name: '${label}: ${file}' })).toHaveAttribute('src', /\\.thumb\\.webp/, { timeout: 30_000 });`,
    ),
    `await expect(${region}.getByText('Making a thumbnail')).toHaveCount(0);`,
  ];
  const one = (attachment: AttachmentField) => {
    const label = attachmentLabel(attachment);
    const region = `${attachment.name}Slot`;
    const file = `${attachment.name}.png`;
    return [
      `const ${region} = page.getByRole('main').getByRole('region', { name: '${label}', exact: true });`,
      `await ${region}.getByLabel('Upload ${label.toLowerCase()}').setInputFiles({ name: '${file}', mimeType: 'image/png', buffer: png });`,
      `await expect(${region}.getByRole('status')).toHaveText('${file} attached.');`,
      `await expect(${region}.getByRole('link', { name: '${file}' })).toBeVisible();`,
      ...(isImageSlot(attachment) ? thumbnails(region, label, [file]) : []),
    ];
  };
  // A list slot: two files in one pick, both listed; removing one leaves the other.
  const many = (attachment: AttachmentField) => {
    const label = attachmentLabel(attachment);
    const region = `${attachment.name}Slot`;
    const [a, b] = [1, 2].map((n) => `${attachment.name}-${n}.png`) as [string, string];
    return [
      `const ${region} = page.getByRole('main').getByRole('region', { name: '${label}', exact: true });`,
      `await ${region}.getByLabel('Add ${label.toLowerCase()}').setInputFiles([`,
      `  { name: '${a}', mimeType: 'image/png', buffer: png },`,
      `  { name: '${b}', mimeType: 'image/png', buffer: png },`,
      ']);',
      `await expect(${region}.getByRole('status')).toContainText('${a}');`,
      `await expect(${region}.getByRole('status')).toContainText('${b}');`,
      `await expect(${region}.getByRole('link', { name: '${a}' })).toBeVisible();`,
      `await expect(${region}.getByRole('link', { name: '${b}' })).toBeVisible();`,
      ...(isImageSlot(attachment) ? thumbnails(region, label, [a, b]) : []),
      `await ${region}.getByRole('button', { name: 'Remove ${a}' }).click();`,
      `await expect(${region}.getByRole('link', { name: '${a}' })).toHaveCount(0);`,
      `await expect(${region}.getByRole('link', { name: '${b}' })).toBeVisible();`,
    ];
  };
  const firstOne = resource.attachments.find((attachment) => !isListSlot(attachment));
  const firstLabel = firstOne ? attachmentLabel(firstOne) : '';
  return lines([
    '',
    '// Each file slot: a small PNG through presign -> PUT -> confirm -> attach, then listed with the record.',
    'const png = makePng(16);',
    ...resource.attachments.flatMap((attachment) => (isListSlot(attachment) ? many(attachment) : one(attachment))),
    // Remove empties the slot (detach), and the page shows it without a reload.
    ...(firstOne
      ? [
          `await ${firstOne.name}Slot.getByRole('button', { name: 'Remove ${firstLabel.toLowerCase()}' }).click();`,
          `await expect(${firstOne.name}Slot.getByText('No ${firstLabel.toLowerCase()} yet')).toBeVisible();`,
        ]
      : []),
  ]);
}

/**
 * `factories`: each referenced model's factory (referencedModels.ts);
 * `titleField`: the first required text field, which the browser test types its marker into.
 */
export function testValues(
  resource: Resource,
  { factories, titleField }: { factories: ReadonlyMap<string, Factory>; titleField: Field | undefined },
): Record<string, string> {
  const { name: Name, fields } = resource;
  const references = fields.filter((field) => field.type === 'references');
  const targets = [...factories.keys()];
  const create = (target: string, teamId: string) => factories.get(target)?.call(teamId) as string;
  const labelOf = (field: Field) => lowerWords(fieldLabel(field));
  return {
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
    uniqueCounter: fields.some((field) => field.unique)
      ? '// Unique fields get a new value in every record.\nlet serial = 0;'
      : '',
    validData: lines(fields.map((field) => `${field.name}: ${uniqueSample(field, 0)},`)),
    updateData: lines(fields.map((field) => `${field.name}: ${uniqueSample(field, 1)},`)),
    getExpectations:
      references.length === 0
        ? 'expect(shown.body).toMatchObject(data);'
        : `expect(shown.body).toMatchObject({ ...data, ${references.map((field) => `${field.association}: { id: ref.${field.association}.id }`).join(', ')} });`,
    requiredFields: fields
      .filter((field) => !field.optional && field.type !== 'boolean')
      .map((field) => `'${field.name}'`)
      .sort()
      .join(', '),
    invalidChecks: lines(
      fields.flatMap((field) => {
        const bad = invalid(field);
        if (!bad) return [];
        const message = field.type === 'enum' ? enumMessage(field) : bad.message;
        return [
          `const bad${field.name} = await createInvalid({ ...valid(), ${field.name}: ${bad.value} });`,
          `expect(bad${field.name}.status).toBe(422);`,
          `expect(bad${field.name}.body).toMatchObject({ error: { fields: { ${field.name}: expect.arrayContaining([${JSON.stringify(message)}]) } } });`,
        ];
      }),
    ),
    filterChecks: lines(fields.filter(isFilterable).map(filterCheck)),
    storageDeclaration: resource.attachments.length === 0 ? '' : `let storage: TestStorage;\n\n${UPLOAD_HELPER}`,
    storageSetup: resource.attachments.length === 0 ? '' : 'storage = await startTestStorage();',
    storageTeardown: resource.attachments.length === 0 ? '' : 'afterAll(() => storage.stop());',
    attachmentTests: attachmentTests(resource),
    uploadSteps: uploadSteps(resource),
    e2eUploadSummary: resource.attachments.length === 0 ? '' : ', a file in each slot',
    referenceTest: lines(
      references.map((field) =>
        [
          `it("refuses a ${labelOf(field)} of another team (422)", async () => {`,
          `  const created = await call('POST', base(), { data: { ...valid(), ${field.name}: ref.${field.association}Away.id } });`,
          '  expect(created.status).toBe(422);',
          `  expect(created.body).toMatchObject({ error: { fields: { ${field.name}: ['must be a ${labelOf(field)} of this team'] } } });`,
          `  const mine = await call('POST', base(), { data: valid() });`,
          `  const moved = await call('PATCH', \`\${base()}/\${mine.body.id}\`, { data: { ${field.name}: ref.${field.association}Away.id } });`,
          '  expect(moved.status).toBe(422);',
          '});',
        ].join('\n'),
      ),
    ),
    firstBlankMessage: "can't be blank",
    firstLabel: titleField ? fieldLabel(titleField) : '',
    fillCreate: lines(fields.map((field) => fillField(field, titleField))),
    factoryImports: lines([...factories.values()].flatMap((factory) => factory.importLine ?? [])),
    // A required reference reuses a record of the team (the demo's campaigns...), making one only when there is none:
    // seeding adds no records to the referenced model, and a chain of references (LineItem -> Product -> Campaign) ends.
    factoryDefaults: lines(
      references
        .filter((field) => !field.optional)
        .map(
          (field) =>
            `${field.name}: attributes.${field.name} ?? ((await ${field.target}.findBy({ teamId })) ?? (await ${create(field.target as string, 'teamId')})).id,`,
        ),
    ),
  };
}
