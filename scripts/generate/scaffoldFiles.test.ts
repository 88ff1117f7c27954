/**
 * What the scaffold writes, as text, on a small fixture project (the real
 * templates, a few models, controllers and seeders): fast checks of the
 * generated code that scaffold.test.ts would only catch by running it.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseScaffold } from './parseScaffold';
import { scaffoldFiles } from './scaffoldFiles';

const ROOT = path.resolve(import.meta.dirname, '../..');
let root: string;

const schema: string[] = [];
/**
 * A model `Name` on `table`: a team's (a teamId column) served at /teams/:teamId/<plural> unless told otherwise;
 * `path`: the controller's own `@controller(path)`.
 */
function model(
  name: string,
  table: string,
  { teamId = true, scopes = ['teamId'], path: own }: { teamId?: boolean; scopes?: string[]; path?: string } = {},
): void {
  write(`db/models/${name}.ts`, `export class ${name} extends Model(${table}, { name: '${name}' }) {}\n`);
  schema.push(
    `export const ${table} = pgTable('${table}', {\n  id: serial('id').primaryKey(),\n${teamId ? "  teamId: integer('team_id').notNull(),\n" : ''}});\n`,
  );
  if (scopes.length === 0) return;
  write(
    `controllers/${name}Controller.ts`,
    `${scopes.map((scope) => `@scope('${scope}')`).join('\n')}\n${own ? `@controller('${own}')\n` : ''}@crud(${name}, {})\nexport class ${name}Controller extends TeamScopedController<${name}> {}\n`,
  );
}
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const scaffold = (name: string, ...fields: string[]) => scaffoldFiles(root, parseScaffold(name, fields));

beforeAll(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'scaffold-files-'));
  symlinkSync(path.join(ROOT, 'templates'), path.join(root, 'templates'), 'dir');
  // Gizmo: made by an earlier scaffold, so its seeder exports createGizmo (which fills Gizmo's own references).
  model('Gizmo', 'gizmos');
  write('db/seeds/gizmos.ts', 'export async function createGizmo(teamId: number): Promise<Gizmo> {}\n');
  // Brand: written by hand, no factory of its own.
  model('Brand', 'brands');
  // Sprocket: served under a gizmo (/teams/:teamId/gizmos/:gizmoId/sprockets), like the demo's posts.
  model('Sprocket', 'sprockets', { scopes: ['teamId', 'gizmoId'] });
  // Person: no team of its own, like User.
  model('Person', 'people', { teamId: false });
  // Ledger: a team's, but no controller serves it.
  model('Ledger', 'ledgers', { scopes: [] });
  // Canvas: pluralize reads it as a plural, so its controller names its path (made with --plural Canvases).
  model('Canvas', 'canvases', { path: '/canvases' });
  // IPAddress: an acronym, so its camelCase (ipAddress) is not its name with a small first letter.
  model('IPAddress', 'ipAddresses');
  write('db/schema.ts', schema.join('\n'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('scaffoldFiles', () => {
  it("makes a referenced record with that model's own factory when its seeder exports one", () => {
    const { files } = scaffold('Widget', 'title:string', 'gizmo:references', 'brand:references');
    const seed = files['db/seeds/widgets.ts'] as string;
    const test = files['controllers/WidgetController.test.ts'] as string;
    expect(seed).toContain("import { createGizmo } from '@/db/seeds/gizmos';");
    expect(seed).toContain('(await createGizmo(teamId))');
    expect(seed).not.toContain('createTeamRecord(Gizmo');
    expect(seed).toContain('(await createTeamRecord(Brand, teamId))');
    expect(test).toContain('ref.gizmo = await createGizmo(home);');
    expect(test).toContain('ref.gizmoAway = await createGizmo(away);');
    expect(test).toContain('ref.brand = await createTeamRecord(Brand, home);');
  });

  it('finds a model with an acronym in its name from its camelCase: ipAddress:references is IPAddress', () => {
    const { schemaBlock, files } = scaffold('Visit', 'title:string', 'ipAddress:references');
    expect(schemaBlock).toContain("ipAddressId: integer('ip_address_id')");
    expect(schemaBlock).toContain('.references(() => ipAddresses.id');
    expect(files['db/models/Visit.ts']).toContain(
      "ipAddress: belongsTo(() => models.IPAddress, { foreignKey: 'ipAddressId' })",
    );
    expect(files['controllers/VisitController.test.ts']).toContain(
      'ref.ipAddress = await createTeamRecord(IPAddress, home);',
    );
  });

  it("fills a required reference with one of the team's records, making one only when the team has none", () => {
    const seed = scaffold('Widget', 'title:string', 'gizmo:references', 'brand:references:optional').files[
      'db/seeds/widgets.ts'
    ] as string;
    // The seeder's records (three per team) then share the team's gizmos instead of adding one each.
    expect(seed).toContain(
      'gizmoId: attributes.gizmoId ?? ((await Gizmo.findBy({ teamId })) ?? (await createGizmo(teamId))).id,',
    );
    // An optional reference stays empty: nothing to reuse or make.
    expect(seed).not.toContain('brandId');
  });

  it('gives a unique reference a new record of the referenced model each time: one of the team would collide', () => {
    const seed = scaffold('Widget', 'title:string', 'gizmo:references:unique').files['db/seeds/widgets.ts'] as string;
    expect(seed).toContain('gizmoId: attributes.gizmoId ?? (await createGizmo(teamId)).id,');
    expect(seed).not.toContain('Gizmo.findBy');
  });

  it('restricts deleting a referenced record, required or optional, and tests that the delete is refused', () => {
    const { schemaBlock, files } = scaffold(
      'LineItem',
      'title:string',
      'gizmo:references',
      'brand:references:optional',
    );
    const test = files['controllers/LineItemController.test.ts'] as string;
    // Neither deletes nor empties the line items behind the user's back.
    expect(schemaBlock).toContain(".references(() => gizmos.id, { onDelete: 'restrict' })");
    expect(schemaBlock).toContain(".references(() => brands.id, { onDelete: 'restrict' })");
    // The template's own keys (team, creator) keep their rules; only the generated references restrict.
    expect(scaffold('Note', 'title:string').schemaBlock).toMatch(
      /teams\.id, \{ onDelete: 'cascade' \}[\s\S]*users\.id, \{ onDelete: 'set null' \}/,
    );
    for (const [Model, plural, field] of [
      ['Gizmo', 'gizmos', 'gizmoId'],
      ['Brand', 'brands', 'brandId'],
    ]) {
      expect(test).toContain(`data: { ...valid(), ${field}: target.id }`);
      expect(test).toContain(`call('DELETE', \`/teams/\${home}/${plural}/\${target.id}\`)`);
      expect(test).toContain(`base: ['${Model} is still referenced by line items']`);
      expect(test).toContain(`expect((await LineItem.find(referring.body.id)).${field}).toBe(target.id);`);
    }
    expect(scaffold('Note', 'title:string').files['controllers/NoteController.test.ts']).not.toContain(
      'still referenced',
    );
  });

  const refusals: [string, RegExp][] = [
    [
      'person:references',
      /person:references: Person does not belong to a team \(its table people in db\/schema.ts has no teamId/,
    ],
    [
      'sprocket:references',
      /sprocket:references: SprocketController is scoped by teamId, gizmoId, not by teamId alone;.*needs gizmoId too/,
    ],
    ['ledger:references', /ledger:references: no controllers\/LedgerController.ts serves Ledger/],
  ];
  for (const [reference, message] of refusals)
    it(`refuses ${reference}`, () => {
      expect(() => scaffold('Widget', 'title:string', reference)).toThrow(message);
    });

  it("refuses a reference to the app's User, which belongs to no team", () => {
    expect(() => scaffoldFiles(ROOT, parseScaffold('Widget', ['title:string', 'user:references']))).toThrow(
      /user:references: User does not belong to a team/,
    );
  });

  it('serves a resource made with --plural at that plural: the controller names its path, the rest agrees', () => {
    const { files, navLine, schemaBlock } = scaffoldFiles(root, parseScaffold('Lens', ['title:string'], 'Lenses'));
    const controller = files['controllers/LensController.ts'] as string;
    // Inferred from the class name, LensController would be served at /lens.
    expect(controller).toContain("@scope('teamId')\n// The plural given to the scaffold (--plural Lenses)");
    expect(controller).toContain("\n@controller('/lenses')\n@crud(Lens, {");
    expect(controller).toMatch(/^import \{ [^}]*\bcontroller\b[^}]* \} from '@\/server';$/m);
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'app/teams/[teamId]/lenses/page.tsx',
        'app/components/lenses/LensList.tsx',
        'db/seeds/lenses.ts',
        'e2e/lenses.spec.ts',
      ]),
    );
    expect(files['controllers/LensController.test.ts']).toContain(
      `const base = (teamId = home) => \`/teams/\${teamId}/lenses\`;`,
    );
    const e2e = files['e2e/lenses.spec.ts'] as string;
    expect(e2e).toContain("queriesAfterMutation(page, 'teams.lenses.destroy', 'teams.lenses.get', id)");
    expect(e2e).toContain(`await page.goto(\`/teams/\${acme}/lenses\`);`);
    expect(files['app/components/lenses/LensList.tsx']).toContain(`/teams/\${teamId}/lenses/\${lens.id}`);
    expect(navLine).toBe(`{ href: \`\${base}/lenses\`, label: 'Lenses' },`);
    expect(schemaBlock).toContain("export const lenses = pgTable(\n  'lenses',");
    // A plural the framework infers itself: no path, and no import of the decorator.
    const plain = scaffold('Widget', 'title:string').files['controllers/WidgetController.ts'] as string;
    expect(plain).not.toContain('@controller(');
    expect(plain).not.toMatch(/\bcontroller\b/);
  });

  it('deletes a referenced record at the path its controller names (the restrict test), not the inferred one', () => {
    const test = scaffold('Widget', 'title:string', 'canvas:references').files[
      'controllers/WidgetController.test.ts'
    ] as string;
    expect(test).toContain(`const refused = await call('DELETE', \`/teams/\${home}/canvases/\${target.id}\`);`);
  });

  it("starts each test without the team's records when a unique field has only so many values", () => {
    const reset = `beforeEach(async () => {\n  for (const record of await Medal.where({ teamId: home }).toArray()) await record.destroy();\n});`;
    for (const [field, words] of [
      ['kind:enum:gold,silver:unique', 'kind is unique'],
      ['active:boolean:unique', 'active is unique'],
      ['gizmo:references:unique', 'gizmo is unique'],
      ['kind:enum:gold,silver:optional:unique', 'kind is unique'],
    ] as const) {
      const test = scaffold('Medal', 'title:string', field).files['controllers/MedalController.test.ts'] as string;
      expect(test, field).toContain(
        `// ${words} in the team with only so many values: each test starts without the team's medals.`,
      );
      expect(test, field).toContain(reset);
      expect(test, field).toContain("import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';");
    }
    const both = scaffold('Medal', 'title:string', 'kind:enum:gold:unique', 'active:boolean:unique').files[
      'controllers/MedalController.test.ts'
    ] as string;
    expect(both).toContain('// kind and active are unique in the team');
    // A new string, number or date in every record: no reset, no beforeEach to import.
    const code = scaffold('Code', 'title:string:unique', 'kind:enum:a,b').files[
      'controllers/CodeController.test.ts'
    ] as string;
    expect(code).not.toContain('beforeEach');
  });

  it('gives unique decimal, date and timestamp fields a new value in every record of the test', () => {
    const test = scaffold('Widget', 'title:string', 'price:decimal:unique', 'day:date:unique', 'at:timestamp:unique')
      .files['controllers/WidgetController.test.ts'] as string;
    const valid = /const valid = \(\) => \(\{([\s\S]*?)\}\);/.exec(test)?.[1] ?? '';
    // Evaluate the generated attributes twice, as two records would.
    const make = new Function(
      'state',
      `let serial = state.serial; const value = {${valid.replace(/title: .*,/, '')}}; state.serial = serial; return value;`,
    );
    const state = { serial: 0 };
    const [first, second] = [make(state), make(state)];
    for (const name of ['price', 'day', 'at']) expect(second[name], name).not.toEqual(first[name]);
    expect(first).toEqual({ price: '13.50', day: '2026-01-17', at: '2026-01-15T10:33:00.000Z' });
  });

  // An action added by hand (an attach, a publish) is a documented route too, and the generated test then
  // failed with a bare `expected [ 'POST /teams/{teamId}/widgets/{id}/attach' ] to deeply equal []`.
  it('makes the every-route check of the generated test say what to do about a route it never called', () => {
    const test = scaffold('Widget', 'title:string').files['controllers/WidgetController.test.ts'] as string;
    expect(test).toContain(
      "expect(contract.uncalled('WidgetController'), 'routes never called with a success here (an action you added?): call each above')",
    );
  });

  // A resource with nothing to filter by got an empty "Filters" group, which a screen reader still announces.
  it('writes the filters group only when a field is filterable', () => {
    const plain = scaffold('Widget', 'title:string').files['app/components/widgets/WidgetList.tsx'] as string;
    expect(plain).not.toContain('<fieldset');
    expect(plain).not.toContain('Filters');
    const filtered = scaffold('Widget', 'title:string', 'kind:enum:a,b').files['app/components/widgets/WidgetList.tsx'];
    expect(filtered).toContain('<legend className="visually-hidden">Filters</legend>');
    expect(filtered).toContain('id="widget-filter-kind"');
  });

  // `.trim().min(1)` let a title of only zero-width characters or bidi controls through, shown as an empty title.
  it("gives required text fields the framework's visibleText() (invisible-only is blank); optional ones stay plain", () => {
    const model = scaffold('Widget', 'title:string:80', 'body:text', 'note:string:optional', 'summary:text:optional')
      .files['db/models/Widget.ts'] as string;
    expect(model).toContain("import { belongsTo, Model, visibleText } from '@/server';");
    expect(model).toContain('title: visibleText(),');
    expect(model).toContain('body: visibleText(),');
    expect(model).toContain('note: z.string().nullish(),');
    expect(model).toContain('summary: z.string().nullish(),');
    expect(model).not.toContain('.trim().min(1');
    // Without a required text field the import is left out, as any other unused one.
    const numbers = scaffold('Widget', 'count:integer', 'note:string:optional').files['db/models/Widget.ts'] as string;
    expect(numbers).toContain("import { belongsTo, Model } from '@/server';");
    expect(numbers).not.toContain('visibleText');
  });

  it('declares file slots on the model, attach/detach on the controller and an upload widget on the page', () => {
    const { files } = scaffold('Widget', 'title:string', 'photo:image', 'manual:attachment');
    const model = files['db/models/Widget.ts'] as string;
    expect(model).toContain("import { belongsTo, hasOneAttached, MiB, Model, visibleText } from '@/server';");
    // Private, so no type needs serving from a CDN; a public slot would have to name its types.
    expect(model).toMatch(
      /photo: hasOneAttached\(\{\s*accepts: 'image\/\*',\s*maxSize: 5 \* MiB,\s*access: 'private',/,
    );
    expect(model).toContain('variants: { thumb: { size: 128 } }');
    expect(model).toContain("manual: hasOneAttached({ maxSize: 20 * MiB, access: 'private' }),");
    const controller = files['controllers/WidgetController.ts'] as string;
    expect(controller).toContain("slot: z.enum(['photo', 'manual'], \"must be 'photo' or 'manual'\"),");
    expect(controller).toContain("get: { include: ['photo', 'manual'] },");
    // The list signs no URLs: its rows carry no files.
    expect(controller).toMatch(/include: \[\],\n\s*perPage: 20,/);
    expect(controller).toContain("@action('POST', undefined, { load: true, input: attachInput");
    expect(controller).toContain('await widget.attach(input.slot, input.assetId);');
    expect(controller).toContain('await widget.detach(input.slot);');
    const upload = files['app/components/widgets/WidgetFileUpload.tsx'] as string;
    expect(upload).toContain("export type WidgetSlot = 'photo' | 'manual';");
    expect(upload).toContain('uploads.mutatePresign({ ...picked, slot: `Widget.');
    expect(upload).toContain('useAttachedNotice');
    const detail = files['app/components/widgets/WidgetDetail.tsx'] as string;
    expect(detail).toContain("import { WidgetFileUpload } from './WidgetFileUpload';");
    expect(detail).toContain('file={widget.photo ? toAssetView(widget.photo) : null}');
    expect(detail).toContain('slot="manual"');
    // The thumbnail comes from a background job: the page asks again while an image waits for it (not for
    // the manual, which has no thumbnail to show), and stops once the job ran or failed for good.
    expect(detail).toContain('refetchInterval: (query) => (variantsPending(query.state.data?.photo) ? 2_000 : false),');
    expect(detail).toContain("import { toAssetView, variantsPending } from '../upload/assetView';");
    expect(upload).toContain(
      '{image && file.variantsPending && <span className="muted small">Making a thumbnail…</span>}',
    );
    const test = files['controllers/WidgetController.test.ts'] as string;
    expect(test).toContain("import { startTestStorage, type TestStorage, TINY_PNG } from '@/server/testing';");
    expect(test).toContain('storage = await startTestStorage();');
    expect(test).toContain("const assetId = await upload(home, 'Widget.photo');");
    expect(test).toContain("const assetId = await upload(home, 'Widget.manual');");
    expect(test).toContain('it("keeps files apart: another team\'s asset or record is a 404"');
    expect(test).toContain("const theirs = await upload(away, 'Widget.photo', outsider);");
    const spec = files['e2e/widgets.spec.ts'] as string;
    expect(spec).toContain("import { makePng } from './support/files';");
    expect(spec).toContain('test.setTimeout(90_000);');
    expect(spec).toContain(
      "await expect(photoSlot.getByRole('status')).toHaveText('\\u2068photo.png\\u2069 attached.');",
    );
    expect(spec).toContain("await photoSlot.getByRole('button', { name: 'Remove photo', exact: true }).click();");
    // Remove asks first, says what went and hands focus to the picker.
    expect(spec).toContain("await photoSlot.getByRole('button', { name: 'Yes, remove' }).click();");
    expect(spec).toContain(
      "await expect(photoSlot.getByRole('status')).toHaveText('\\u2068photo.png\\u2069 removed.');",
    );
    expect(spec).toContain("await expect(photoSlot.getByLabel('Upload photo', { exact: true })).toBeFocused();");
    expect(upload).toContain('focusFilePicker(pickerId);');
    expect(spec).toContain(
      "await expect(photoSlot.getByRole('img', { name: 'Photo: \\u2068photo.png\\u2069', exact: true })).toHaveAttribute('src', /\\.thumb\\.webp/, { timeout: 30_000 });",
    );
    expect(spec).not.toContain("manualSlot.getByRole('img'");
  });

  it('declares list slots (images, attachments) with their limits, detach by file, and a list widget', () => {
    const { files } = scaffold('Widget', 'title:string', 'photos:images', 'files:attachments');
    const model = files['db/models/Widget.ts'] as string;
    expect(model).toContain("import { belongsTo, hasManyAttached, MiB, Model, visibleText } from '@/server';");
    expect(model).toMatch(
      /photos: hasManyAttached\(\{\s*accepts: 'image\/\*',\s*maxSize: 5 \* MiB,\s*max: 20,\s*access: 'private',\s*variants: \{ thumb: \{ size: 128 \} \} \}\),/,
    );
    expect(model).toContain("files: hasManyAttached({ maxSize: 20 * MiB, max: 10, access: 'private' }),");
    const controller = files['controllers/WidgetController.ts'] as string;
    expect(controller).toContain("import { action, apiDoc, NotFound, scope } from '@/server';");
    expect(controller).toContain("get: { include: ['photos', 'files'] },");
    expect(controller).toContain('assetId: z.number().int().positive().optional(),');
    expect(controller).toContain('const removed = await widget.detach(input.slot, input.assetId);');
    expect(controller).toContain("if (input.assetId !== undefined && removed === 0) throw new NotFound('File');");
    // No single-file slot: no single-file widget.
    expect(files['app/components/widgets/WidgetFileUpload.tsx']).toBeUndefined();
    const upload = files['app/components/widgets/WidgetFilesUpload.tsx'] as string;
    expect(upload).toContain("export type WidgetListSlot = 'photos' | 'files';");
    expect(upload).toContain('existingCount: files.length,');
    expect(upload).toContain(
      'detach.mutate({ id, slot, assetId: file.id }, { onSuccess: () => attached.removed(file.filename) });',
    );
    const detail = files['app/components/widgets/WidgetDetail.tsx'] as string;
    expect(detail).toContain("import { WidgetFilesUpload } from './WidgetFilesUpload';");
    expect(detail).not.toContain("from './WidgetFileUpload'");
    expect(detail).toContain('files={widget.photos.map(toAssetView)}');
    expect(detail).toContain(
      'refetchInterval: (query) => (variantsPending(query.state.data?.photos) ? 2_000 : false),',
    );
    const test = files['controllers/WidgetController.test.ts'] as string;
    expect(test).toContain(
      "it('attaches files to photos: two through presign -> PUT -> confirm -> attach, listed in order, then one detached'",
    );
    expect(test).toContain("const second = await upload(home, 'Widget.files');");
    expect(test).toContain('expect(files.map((file) => file.id)).toEqual([first, second]);');
    expect(test).toContain("{ slot: 'photos', assetId: first }");
    expect(test).toContain('it("keeps photos apart: another team\'s asset or record is a 404"');
    expect(test).toContain("{ slot: 'photos', assetId: theirs }");
    expect(test).not.toContain('keeps files apart');
    const spec = files['e2e/widgets.spec.ts'] as string;
    expect(spec).toContain("await photosSlot.getByLabel('Add photos', { exact: true }).setInputFiles([");
    expect(spec).toContain(
      "await photosSlot.getByRole('button', { name: 'Remove \\u2068photos-1.png\\u2069', exact: true }).click();",
    );
    expect(spec).toContain(
      "await expect(photosSlot.getByRole('status')).toHaveText('\\u2068photos-1.png\\u2069 removed.');",
    );
    expect(spec).toContain("await expect(photosSlot.getByLabel('Add photos', { exact: true })).toBeFocused();");
    expect(spec).toContain(
      "await expect(filesSlot.getByRole('link', { name: 'files-2.png', exact: true })).toBeVisible();",
    );
    expect(spec).not.toContain('No photos yet');
  });

  it('keeps the single-file and the list widgets apart when a resource has both', () => {
    const { files } = scaffold('Widget', 'title:string', 'photo:image', 'photos:images');
    expect(files['app/components/widgets/WidgetFileUpload.tsx']).toContain("export type WidgetSlot = 'photo';");
    expect(files['app/components/widgets/WidgetFilesUpload.tsx']).toContain("export type WidgetListSlot = 'photos';");
    const detail = files['app/components/widgets/WidgetDetail.tsx'] as string;
    expect(detail).toContain('variantsPending(query.state.data?.photo, query.state.data?.photos)');
    const test = files['controllers/WidgetController.test.ts'] as string;
    expect(test).toContain('it("keeps files apart: another team\'s asset or record is a 404"');
    expect(test).toContain('it("keeps photos apart: another team\'s asset or record is a 404"');
  });

  it('writes nothing about files for a resource without slots', () => {
    const { files } = scaffold('Widget', 'title:string');
    expect(Object.keys(files).some((file) => file.endsWith('FileUpload.tsx'))).toBe(false);
    expect(files['db/models/Widget.ts']).not.toMatch(/attachments: \{|hasOneAttached/);
    expect(files['controllers/WidgetController.ts']).not.toMatch(/attach|import \{ z \}|NotFound/);
    expect(files['controllers/WidgetController.ts']).toContain('get: { include: [] },');
    expect(files['controllers/WidgetController.test.ts']).not.toMatch(/startTestStorage|TINY_PNG|upload\(/);
    expect(files['app/components/widgets/WidgetDetail.tsx']).not.toMatch(
      /FilesUpload|FileUpload|toAssetView|refetchInterval/,
    );
    expect(files['e2e/widgets.spec.ts']).not.toMatch(/makePng|setInputFiles/);
  });

  it('writes multi-word names in lower case in running text, keeping acronyms', () => {
    const { files } = scaffold('LineItem', 'title:string');
    expect(files['app/components/line-items/LineItemList.tsx']).toContain('New line item');
    expect(files['app/components/line-items/LineItemList.tsx']).toContain('No line items yet.');
    expect(files['app/components/line-items/LineItemForm.tsx']).toContain("'Create line item'");
    expect(files['app/components/line-items/LineItemDetail.tsx']).toContain('Delete this line item?');
    expect(files['app/components/line-items/LineItemDetail.tsx']).toContain('aria-label="Line item"');
    expect(files['app/components/line-items/LineItemList.tsx']).toContain('<h1>Line items</h1>');
    const sms = scaffold('SMSCode', 'title:string').files;
    const newPage = Object.keys(sms).find((file) => file.endsWith('/new/page.tsx')) as string;
    expect(sms[newPage]).toContain('<h1>New SMS code</h1>');
    expect(sms['app/components/sms-codes/SMSCodeList.tsx']).toContain('No SMS codes yet.');
    expect(scaffold('SKU', 'title:string').files['app/components/skus/SKUList.tsx']).toContain('No SKUs yet.');
  });

  it('locates form fields by their exact label in the browser test (Name is not Nickname, At is not Status)', () => {
    const { files } = scaffold(
      'Offer',
      'name:string',
      'nickname:string:optional',
      'price:decimal',
      'salePrice:decimal:optional',
    );
    const spec = files['e2e/offers.spec.ts'] as string;
    expect(spec).toContain("form.getByLabel('Name', { exact: true }).fill(marker)");
    expect(spec).toContain("edit.getByLabel('Name', { exact: true }).fill(");
    expect(spec).toContain("form.getByLabel('Price', { exact: true })");
    expect(spec).not.toMatch(/getByLabel\('[^']*'\)/);
  });

  it('labels fields in sentence case, the same in the form, the table, the detail and the browser test', () => {
    const { files } = scaffold(
      'Offer',
      'title:string',
      'dueOn:date',
      'imageURL:string:optional',
      'contractFile:attachment',
    );
    const form = files['app/components/offers/OfferForm.tsx'] as string;
    expect(form).toContain('label="Due on"');
    expect(form).toContain('label="Image URL"');
    expect(files['app/components/offers/OfferList.tsx']).toContain("'Due on': 'dueOn',");
    expect(files['app/components/offers/OfferDetail.tsx']).toContain('<dt>Due on</dt>');
    expect(files['app/components/offers/OfferDetail.tsx']).toContain('label="Contract file"');
    const spec = files['e2e/offers.spec.ts'] as string;
    expect(spec).toContain("form.getByLabel('Due on', { exact: true })");
    expect(spec).toContain("getByRole('region', { name: 'Contract file', exact: true })");
    expect(Object.values(files).join('\n')).not.toMatch(/Due On|Line Item\b|Contract File|Image Url/);
  });

  it('expects an empty create to be refused only when a field is required', () => {
    const note = scaffold('Note', 'body:text:optional').files['controllers/NoteController.test.ts'] as string;
    expect(note).not.toContain('createInvalid({})');
    expect(note).toContain("const empty = await call('POST', base(), { data: {} });");
    expect(note).toContain('expect(empty.status, JSON.stringify(empty.body)).toBe(201);');
    const flag = scaffold('Flag', 'on:boolean').files['controllers/FlagController.test.ts'] as string;
    expect(flag).toContain('toBe(201)');
    const memo = scaffold('Memo', 'body:text', 'done:boolean').files['controllers/MemoController.test.ts'] as string;
    expect(memo).toContain('const empty = await createInvalid({});');
    expect(memo).toContain("expect(Object.keys(empty.body.error.fields).sort()).toEqual(['body']);");
  });

  it('links the list to each record from the title the browser test looks for, or the date when it shows no field', () => {
    const link = (plural: string, record: string) => `<Link href={\`/teams/\${teamId}/${plural}/\${${record}.id}\`}>{`;
    const review = scaffold('Review', 'rating:integer', 'title:string').files['app/components/reviews/ReviewList.tsx'];
    expect(review).toContain(`${link('reviews', 'review')}review.title`);
    expect(review).not.toContain(`${link('reviews', 'review')}review.rating`);
    const remark = scaffold('Remark', 'body:text', 'gizmo:references:optional', 'author:string').files[
      'app/components/remarks/RemarkList.tsx'
    ];
    expect(remark).toContain(`${link('remarks', 'remark')}remark.author`);
    // Only text fields, which the list leaves out: the date it was created links to it.
    const memo = scaffold('Memo', 'body:text').files['app/components/memos/MemoList.tsx'];
    expect(memo).toContain(`${link('memos', 'memo')}formatDate(memo.createdAt)}</Link>`);
  });

  it('gives short string:N fields samples within their length, in the controller test and the browser test', () => {
    const country = scaffold('Country', 'name:string', 'isoCode:string:2', 'currency:string:3:optional').files;
    const test = country['controllers/CountryController.test.ts'] as string;
    expect(test).toContain("isoCode: 'Fi',");
    expect(test).toContain("isoCode: 'Se',");
    expect(test).toContain("currency: 'Fir',");
    expect(test).not.toContain('First isoCode');
    // Blank though not empty, within the length: the test expects "can't be blank" alone.
    expect(test).toContain("isoCode: '\\u200b\\u2066' });");
    expect(test).toContain("name: '\\u200b\\u2066\\u2069' });");
    expect(country['e2e/countries.spec.ts']).toContain(".fill('Fi')");
    // A unique one: a counter within the length.
    const unique = scaffold('Country', 'name:string', 'isoCode:string:2:unique').files[
      'controllers/CountryController.test.ts'
    ];
    expect(unique).toContain('isoCode: `Fi$' + '{(++serial).toString(36)}`.slice(-2),');
    // The browser test types its marker (the resource's label and a unique suffix) into the title: not a short field.
    const short = scaffold('Country', 'isoCode:string:2', 'name:string').files;
    expect(short['e2e/countries.spec.ts']).toContain(".getByLabel('Name', { exact: true }).fill(marker)");
    expect(short['app/components/countries/CountryDetail.tsx']).toContain('country.name');
    expect(scaffold('Country', 'isoCode:string:2').files['e2e/countries.spec.ts']).toBeUndefined();
  });

  it('seeds up to three per team, topping up, leaving a value of a required unique field for the browser test', () => {
    const plain = scaffold('Memo', 'body:text').files['db/seeds/memos.ts'] as string;
    expect(plain).toContain('for (let n = existing + 1; n <= 3; n++) await createMemo(team.id);');
    const medal = scaffold('Medal', 'title:string', 'kind:enum:gold,silver,bronze:unique');
    expect(medal.files['db/seeds/medals.ts']).toContain(
      `for (let n = existing + 1; n <= 2; n++) await createMedal(team.id, { kind: ["gold","silver","bronze"][n - 1] as Medal['attributes']['kind'] });`,
    );
    // The browser test creates one more in the seeded team, with the value the seeds left.
    expect(medal.files['e2e/medals.spec.ts']).toContain(".getByLabel('Kind', { exact: true }).selectOption('bronze');");
    const pair = scaffold('Medal', 'title:string', 'kind:enum:gold,silver:unique').files['db/seeds/medals.ts'];
    expect(pair).toContain('// One per team:');
    expect(pair).toContain('for (let n = existing + 1; n <= 1; n++) await createMedal(team.id);');
    const flag = scaffold('Flag', 'title:string', 'active:boolean:unique');
    expect(flag.files['db/seeds/flags.ts']).toContain('n <= 1; n++) await createFlag(team.id);');
    expect(flag.files['e2e/flags.spec.ts']).toContain(".getByLabel('Active', { exact: true }).check();");
    const owned = scaffold('Badge', 'title:string', 'gizmo:references:unique').files['db/seeds/badges.ts'] as string;
    expect(owned).toContain('n <= 1;');
    // An empty optional field is null, which a unique constraint lets repeat; the browser test still gives a value.
    const loose = scaffold('Tag', 'title:string', 'kind:enum:a,b:optional:unique').files;
    expect(loose['db/seeds/tags.ts']).toContain('n <= 3; n++) await createTag(team.id);');
    expect(loose['e2e/tags.spec.ts']).toContain(".selectOption('b');");
    expect(scaffold('Tag', 'title:string', 'kind:enum:a,b').files['e2e/tags.spec.ts']).toContain(".selectOption('a');");
  });

  it('shows timestamps in UTC and says so (a time entered in local time is not shown as if it were local)', () => {
    const detail = scaffold('Meeting', 'title:string', 'startsAt:timestamp').files[
      'app/components/meetings/MeetingDetail.tsx'
    ] as string;
    expect(detail).toContain("toLocaleString('en-US', { timeZone: 'UTC', timeZoneName: 'short' })");
  });

  it("declares the test's helpers only where it uses them (an unused one fails the lint)", () => {
    const note = scaffold('Note', 'body:text:optional').files['controllers/NoteController.test.ts'] as string;
    expect(note).not.toContain('createInvalid');
    const medal = scaffold('Medal', 'title:string', 'kind:enum:gold,silver:unique').files[
      'controllers/MedalController.test.ts'
    ] as string;
    expect(medal).toContain('async function createInvalid(');
    expect(medal).not.toContain('let serial');
    const code = scaffold('Code', 'title:string:unique').files['controllers/CodeController.test.ts'] as string;
    expect(code).toContain('let serial = 0;');
  });
});
