/**
 * The test values of a resource's file slots: the controller test's upload helper, its s3rver and
 * its checks of attach and detach, the browser test's uploads. A slot's tests go through storage
 * (presign -> PUT -> confirm) rather than a column's JSON, so they have a file of their own and
 * testValues.ts stays about the columns. A resource without slots gets empty values.
 */
import { attachmentLabel, isImageSlot, isListSlot } from './attachmentTypes';
import { lines } from './lines';
import type { AttachmentField, Resource } from './parseScaffold';

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
  // A list slot's `max`, read from the model's rules (client.gen.ts): edit the model's max and the test follows.
  const full = (slot: string) =>
    [
      `it('refuses one file more than ${slot} may hold (its max): a 422 naming the slot, the files so far kept', async () => {`,
      `  const { max } = attachmentSlots['${Name}.${slot}'];`,
      `  const record = await create${Name}(home);`,
      '  const attached: number[] = [];',
      '  for (let n = 0; n < max; n++) {',
      `    const assetId = await upload(home, '${Name}.${slot}');`,
      `    const response = await call('POST', \`\${base()}/\${record.id}/attach\`, { slot: '${slot}', assetId });`,
      '    expect(response.status, JSON.stringify(response.body)).toBe(200);',
      '    attached.push(assetId);',
      '  }',
      `  const extra = await upload(home, '${Name}.${slot}');`,
      `  const over = await call<{ error: { fields: Record<string, string[]> } }>('POST', \`\${base()}/\${record.id}/attach\`, { slot: '${slot}', assetId: extra });`,
      '  expect(over.status).toBe(422);',
      `  expect(over.body.error.fields).toEqual({ ${slot}: [expect.stringContaining(\`can hold at most \${max} file\`)] });`,
      `  const shown = await call('GET', \`\${base()}/\${record.id}\`);`,
      `  expect((shown.body.${slot} as { id: number }[]).map((file) => file.id)).toEqual(attached);`,
      '});',
    ].join('\n');
  const firstOne = attachments.find((attachment) => !isListSlot(attachment));
  const firstList = attachments.find(isListSlot);
  return lines([
    ...attachments.map((attachment) => (isListSlot(attachment) ? many : one)(attachment.name)),
    ...(firstList ? ['', full(firstList.name)] : []),
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
        `await expect(${region}.getByRole('img', { name: '${label}: \\u2068${file}\\u2069', exact: true })).toHaveAttribute('src', /\\.thumb\\.webp/, { timeout: 30_000 });`,
    ),
    `await expect(${region}.getByText('Making a thumbnail')).toHaveCount(0);`,
  ];
  const one = (attachment: AttachmentField) => {
    const label = attachmentLabel(attachment);
    const region = `${attachment.name}Slot`;
    const file = `${attachment.name}.png`;
    return [
      `const ${region} = page.getByRole('main').getByRole('region', { name: '${label}', exact: true });`,
      `await ${region}.getByLabel('Upload ${label.toLowerCase()}', { exact: true }).setInputFiles({ name: '${file}', mimeType: 'image/png', buffer: png });`,
      `await expect(${region}.getByRole('status')).toHaveText('\\u2068${file}\\u2069 attached.');`,
      `await expect(${region}.getByRole('link', { name: '${file}', exact: true })).toBeVisible();`,
      ...(isImageSlot(attachment) ? thumbnails(region, label, [file]) : []),
    ];
  };
  // Filled up to the slot's max (read from the count beside its heading, so a changed max needs no edit):
  // with one file held, a pick of max files attaches all but the last, which is refused before any upload.
  const fill = (attachment: AttachmentField) => {
    const label = attachmentLabel(attachment);
    const region = `${attachment.name}Slot`;
    const [max, picked] = [`${attachment.name}Max`, `${attachment.name}Picked`];
    return [
      `const ${max} = Number((await ${region}.getByText(/^1 of \\d+$/).textContent())?.split(' of ')[1]);`,
      `const ${picked} = Array.from({ length: ${max} }, (_, n) => ({ name: \`${attachment.name}-fill-\${n + 1}.png\`, mimeType: 'image/png', buffer: png }));`,
      `await ${region}.getByLabel('Add ${label.toLowerCase()}', { exact: true }).setInputFiles(${picked});`,
      `await expect(${region}.getByRole('alert')).toHaveText(\`\\u2068${attachment.name}-fill-\${${max}}.png\\u2069: at most \${${max}} files can be attached.\`);`,
      `await expect(${region}.getByText(\`\${${max}} of \${${max}}\`)).toBeVisible({ timeout: 30_000 });`,
      `await expect(${region}.getByRole('list', { name: 'Attached ${label.toLowerCase()}', exact: true }).getByRole('link')).toHaveCount(${max});`,
    ];
  };
  // A list slot: two files in one pick, both listed; removing one leaves the other; then filled to its max.
  const many = (attachment: AttachmentField) => {
    const label = attachmentLabel(attachment);
    const region = `${attachment.name}Slot`;
    const [a, b] = [1, 2].map((n) => `${attachment.name}-${n}.png`) as [string, string];
    return [
      `const ${region} = page.getByRole('main').getByRole('region', { name: '${label}', exact: true });`,
      `await ${region}.getByLabel('Add ${label.toLowerCase()}', { exact: true }).setInputFiles([`,
      `  { name: '${a}', mimeType: 'image/png', buffer: png },`,
      `  { name: '${b}', mimeType: 'image/png', buffer: png },`,
      ']);',
      `await expect(${region}.getByRole('status')).toContainText('${a}');`,
      `await expect(${region}.getByRole('status')).toContainText('${b}');`,
      `await expect(${region}.getByRole('link', { name: '${a}', exact: true })).toBeVisible();`,
      `await expect(${region}.getByRole('link', { name: '${b}', exact: true })).toBeVisible();`,
      ...(isImageSlot(attachment) ? thumbnails(region, label, [a, b]) : []),
      `await ${region}.getByRole('button', { name: 'Remove \\u2068${a}\\u2069', exact: true }).click();`,
      `await ${region}.getByRole('button', { name: 'Yes, remove' }).click();`,
      `await expect(${region}.getByRole('status')).toHaveText('\\u2068${a}\\u2069 removed.');`,
      `await expect(${region}.getByLabel('Add ${label.toLowerCase()}', { exact: true })).toBeFocused();`,
      `await expect(${region}.getByRole('link', { name: '${a}', exact: true })).toHaveCount(0);`,
      `await expect(${region}.getByRole('link', { name: '${b}', exact: true })).toBeVisible();`,
      ...fill(attachment),
    ];
  };
  const firstOne = resource.attachments.find((attachment) => !isListSlot(attachment));
  const firstLabel = firstOne ? attachmentLabel(firstOne) : '';
  return lines([
    '',
    '// Each file slot: a small PNG through presign -> PUT -> confirm -> attach, then listed with the record.',
    // More than the default 30 s: each slot's uploads, and thumbnails the image job makes in the background.
    'test.setTimeout(90_000);',
    'const png = makePng(16);',
    ...resource.attachments.flatMap((attachment) => (isListSlot(attachment) ? many(attachment) : one(attachment))),
    // Remove asks first, then empties the slot (detach): the page shows it without a reload, says what went and
    // hands focus to the picker.
    ...(firstOne
      ? [
          `await ${firstOne.name}Slot.getByRole('button', { name: 'Remove ${firstLabel.toLowerCase()}', exact: true }).click();`,
          `await ${firstOne.name}Slot.getByRole('button', { name: 'Yes, remove' }).click();`,
          `await expect(${firstOne.name}Slot.getByText('No ${firstLabel.toLowerCase()} yet')).toBeVisible();`,
          `await expect(${firstOne.name}Slot.getByRole('status')).toHaveText('\\u2068${firstOne.name}.png\\u2069 removed.');`,
          `await expect(${firstOne.name}Slot.getByLabel('Upload ${firstLabel.toLowerCase()}', { exact: true })).toBeFocused();`,
        ]
      : []),
  ]);
}

/** The controller test's and the browser test's values for the slots; all empty for a resource without. */
export function uploadTestValues(resource: Resource): Record<string, string> {
  return {
    storageDeclaration: resource.attachments.length === 0 ? '' : `let storage: TestStorage;\n\n${UPLOAD_HELPER}`,
    storageSetup: resource.attachments.length === 0 ? '' : 'storage = await startTestStorage();',
    storageTeardown: resource.attachments.length === 0 ? '' : 'afterAll(() => storage.stop());',
    attachmentTests: attachmentTests(resource),
    // The slots' rules, for the test of a list slot's max.
    slotImports: resource.attachments.some(isListSlot) ? "import { attachmentSlots } from './client.gen';" : '',
    uploadSteps: uploadSteps(resource),
    e2eUploadSummary:
      resource.attachments.length === 0
        ? ''
        : `, a file in each slot${resource.attachments.some(isListSlot) ? ', each list filled to its max' : ''}`,
  };
}
