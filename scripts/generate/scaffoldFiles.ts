/**
 * Everything a scaffold writes, as text: the files (from the templates in
 * templates/scaffold/) and the pieces that go into existing files (the table
 * in db/schema.ts, the link in the team navigation). Pure: reads the
 * templates and the model list, writes nothing (scripts/generate.ts does).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { discoverModels } from '../gen/discover';
import {
  column,
  constraints,
  display,
  fieldLabel,
  formState,
  input,
  invalid,
  isFilterable,
  isSortable,
  sample,
  toJson,
  validation,
} from './fieldTypes';
import { type Field, GeneratorError, type Resource } from './parseScaffold';
import { renderTemplate } from './renderTemplate';

export interface ScaffoldOutput {
  /** Whole files, path relative to the project root -> text. */
  files: Record<string, string>;
  /** The table's block for db/schema.ts, and the pg-core names it needs imported. */
  schemaBlock: string;
  schemaImports: string[];
  /** The navigation entry (one line). */
  navLine: string;
}

/** `campaign` from `Campaign`: a variable name. */
const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
/** `line item` from `Line Item`, in running text ("New line item"); an acronym keeps its capitals (`API key`). */
const lowerWords = (text: string) =>
  text
    .split(' ')
    .map((word) => (/^[A-Z0-9]{2,}$/.test(word) ? word : word.toLowerCase()))
    .join(' ');
/** `Line Item` from `LineItem`, `API Key` from `APIKey`. */
const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z])([A-Z][a-z])/g, '$1 $2');
const quoteList = (names: readonly string[]) => names.map((name) => `'${name}'`).join(', ');
const lines = (items: readonly string[]) => items.join('\n');

/** The table variable of a model: `export class Campaign extends Model(campaigns, ...)`. */
function tableOf(root: string, model: string): string {
  const source = readFileSync(path.join(root, 'db/models', `${model}.ts`), 'utf8');
  const match = new RegExp(`class ${model} extends Model\\((\\w+)`).exec(source);
  if (!match?.[1]) throw new GeneratorError(`scaffold: cannot find the table of model ${model}`);
  return match[1];
}

/**
 * How tests and seeds make a record of a referenced model: its own
 * `create<Model>(teamId)` when a seeder exports one (it fills that model's
 * own references), else the generic `createTeamRecord(Model, teamId)`.
 */
function factoryOf(root: string, model: string): { call: (teamId: string) => string; importLine?: string } {
  const dir = path.join(root, 'db/seeds');
  const exporter = new RegExp(`^export (async )?function create${model}\\(`, 'm');
  const file = readdirSync(dir)
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .find((name) => exporter.test(readFileSync(path.join(dir, name), 'utf8')));
  if (!file) return { call: (teamId) => `createTeamRecord(${model}, ${teamId})` };
  return {
    call: (teamId) => `create${model}(${teamId})`,
    importLine: `import { create${model} } from '@/db/seeds/${file.replace(/\.ts$/, '')}';`,
  };
}

/**
 * A referenced model must belong to a team (a `teamId` column: the model checks the record is in the
 * same team) and be served at `/teams/:teamId/<plural>`: the generated form lists the team's records with
 * `<Model>Controller.use({ teamId })`, which a controller nested deeper (PostController, under a campaign)
 * or none at all cannot answer. Read from the files, like the rest, before anything is written.
 */
function checkReference(root: string, field: Field, table: string): void {
  const model = field.target as string;
  const what = `${field.association}:references`;
  const schema = readFileSync(path.join(root, 'db/schema.ts'), 'utf8');
  const start = schema.search(new RegExp(`^export const ${table} = pgTable\\(`, 'm'));
  const definition = start < 0 ? '' : schema.slice(start).split(/\n(?=export )/)[0];
  if (!/\bteamId:/.test(definition ?? ''))
    throw new GeneratorError(
      `scaffold: ${what}: ${model} does not belong to a team (its table ${table} in db/schema.ts has no teamId column); ` +
        'a reference must point at a team-scoped model. Store the id in an integer field, or leave it out',
    );
  const controllerFile = path.join(root, 'controllers', `${model}Controller.ts`);
  let source: string;
  try {
    source = readFileSync(controllerFile, 'utf8');
  } catch {
    throw new GeneratorError(
      `scaffold: ${what}: no controllers/${model}Controller.ts serves ${model}; the generated form lists the team's records through it. Add the controller first`,
    );
  }
  const scopes = [...source.matchAll(/@scope\(\s*'(\w+)'/g)].map((match) => match[1]);
  if (scopes.join() !== 'teamId')
    throw new GeneratorError(
      `scaffold: ${what}: ${model}Controller is scoped by ${scopes.join(', ') || 'nothing'}, not by teamId alone; ` +
        `the generated form lists the team's records with ${model}Controller.use({ teamId }), which needs ${scopes.filter((scope) => scope !== 'teamId').join(', ') || 'teamId'} too. ` +
        'Reference a model served at /teams/:teamId/<plural>',
    );
}

/** Drops names of `import { a, b } from '...'` lines that the rest of the file never uses. */
export function pruneImports(text: string): string {
  const all = text.split('\n');
  return all
    .flatMap((line, index) => {
      const match = /^import \{ (.+) \} from ('[^']+');$/.exec(line);
      if (!match) return [line];
      const rest = all.filter((_, other) => other !== index).join('\n');
      const kept = (match[1] as string)
        .split(', ')
        .filter((entry) => new RegExp(`\\b${entry.replace(/^type /, '')}\\b`).test(rest));
      return kept.length > 0 ? [`import { ${kept.join(', ')} } from ${match[2]};`] : [];
    })
    .join('\n');
}

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

export function scaffoldFiles(root: string, resource: Resource): ScaffoldOutput {
  const { name: Name, fields } = resource;
  const models = new Set(discoverModels(root));
  const references = fields.filter((field) => field.type === 'references');
  for (const field of references) {
    if (!models.has(field.target as string))
      throw new GeneratorError(
        `scaffold: ${field.association}:references names no model: db/models/${field.target}.ts does not exist`,
      );
    if (field.target === Name) throw new GeneratorError(`scaffold: ${Name} cannot reference itself`);
    checkReference(root, field, tableOf(root, field.target as string));
  }
  const targets = [...new Set(references.map((field) => field.target as string))];
  const factories = new Map(targets.map((target) => [target, factoryOf(root, target)]));
  const create = (target: string, teamId: string) => factories.get(target)?.call(teamId) as string;
  const required = references.filter((field) => !field.optional);
  const titleField = fields.find((field) => field.type === 'string' && !field.optional);
  const label = lowerWords(words(Name));
  const labelPlural = lowerWords(words(resource.pluralTitle.replace(/ /g, '')));
  const rec = resource.camel;

  // db/schema.ts
  const schemaImports = new Set(['pgTable', 'serial', 'integer', 'index', 'timestamp']);
  const columnLines: string[] = [];
  const constraintLines: string[] = [];
  for (const field of fields) {
    const c = column(field, field.target ? tableOf(root, field.target) : undefined);
    columnLines.push(c.code);
    for (const name of c.imports) schemaImports.add(name);
    const k = constraints(field, resource);
    constraintLines.push(...k.code);
    for (const name of k.imports) schemaImports.add(name);
  }

  const permit = fields.map((field) => field.name);
  const sortable = ['createdAt', ...fields.filter(isSortable).map((field) => field.name)];
  const filterable = fields.filter(isFilterable).map((field) => field.name);
  const include = references.map((field) => field.association as string);

  // The model
  const beforeValidate = fields
    .filter((field) => field.type === 'timestamp')
    .map(
      (field) =>
        `if (typeof this.${field.name} === 'string' && !Number.isNaN(Date.parse(this.${field.name}))) this.${field.name} = new Date(this.${field.name});`,
    );
  const validate = references.map((field) =>
    [
      `if (typeof this.${field.name} === 'number' && typeof this.teamId === 'number') {`,
      `  const found = await models.${field.target}.findBy({ id: this.${field.name}, teamId: this.teamId });`,
      `  if (!found) this.addError('${field.name}', 'must be a ${lowerWords(fieldLabel(field))} of this team');`,
      '}',
    ].join('\n'),
  );
  const methods: string[] = [];
  if (beforeValidate.length > 0)
    methods.push(
      [
        '/** JSON carries timestamps as ISO-8601 strings: the column wants a Date. */',
        'beforeValidate(): void {',
        ...beforeValidate.map((l) => `  ${l}`),
        '}',
      ].join('\n'),
    );
  if (validate.length > 0)
    methods.push(
      [
        '/** Rules that need the database: a referenced record must belong to the same team. */',
        'async validate(): Promise<void> {',
        ...validate.flatMap((block) => block.split('\n').map((l) => `  ${l}`)),
        '}',
      ].join('\n'),
    );
  const uniques = fields.filter((field) => field.unique);
  const constraintErrors =
    uniques.length === 0
      ? ''
      : [
          'constraintErrors: {',
          ...uniques.map(
            (field) =>
              `  ${resource.table}_team_id_${field.column}_key: { field: '${field.name}', message: 'has already been taken' },`,
          ),
          '},',
        ].join('\n');
  const enumMessage = (field: Field) => {
    const values = field.values ?? [];
    return `must be ${values.length > 1 ? `${values.slice(0, -1).join(', ')} or ${values.at(-1)}` : values[0]}`;
  };

  // Pages
  const referenceQueries = targets.map(
    (target) =>
      `const ${lowerFirst(target)}Options = (${target}Controller.use({ teamId }).index({ perPage: 100 }).data?.data ?? []).map((option) => ({ id: option.id, label: recordLabel(option) }));`,
  );
  const clientImports = [...targets.map((target) => `${target}Controller`), `${Name}Controller`].sort().join(', ');
  const optionsOf = (field: Field) => `${lowerFirst(field.target as string)}Options`;
  const listColumns = fields.filter((field) => field.type !== 'text');
  const filterFields = fields.filter(isFilterable);
  const filterControl = (field: Field) => {
    const id = `${rec}-filter-${field.name}`;
    const options =
      field.type === 'enum'
        ? (field.values ?? []).map((v) => `<option value="${v}">${v}</option>`)
        : field.type === 'boolean'
          ? ['<option value="true">Yes</option>', '<option value="false">No</option>']
          : [
              `{${optionsOf(field)}.map((option) => (`,
              '  <option key={option.id} value={option.id}>',
              '    {option.label}',
              '  </option>',
              '))}',
            ];
    return [
      `<label htmlFor="${id}">${fieldLabel(field)}</label>`,
      `<select id="${id}" value={${field.name}Filter} onChange={(event) => { set${field.name.charAt(0).toUpperCase()}${field.name.slice(1)}Filter(event.target.value); setPage(1); }}>`,
      '  <option value="">All</option>',
      ...options.map((line) => `  ${line}`),
      '</select>',
    ].join('\n');
  };
  const filterValue = (field: Field) =>
    field.type === 'boolean'
      ? `${field.name}Filter === 'true'`
      : field.type === 'references'
        ? `Number(${field.name}Filter)`
        : `${field.name}Filter as NonNullable<${Name}ControllerRecord['${field.name}']>`;
  const setter = (field: Field) => `set${field.name.charAt(0).toUpperCase()}${field.name.slice(1)}`;

  const values: Record<string, string> = {
    Name,
    Label: words(Name),
    label,
    labelPlural,
    plural: resource.plural,
    pluralTitle: resource.pluralTitle,
    pluralCamel: resource.pluralCamel,
    camel: rec,
    table: resource.table,
    columns: lines(columnLines),
    constraints: lines(constraintLines),
    serverImports: ['belongsTo', 'Model'].join(', '),
    validations: lines(fields.map((field) => `${field.name}: ${validation(field)},`)),
    constraintErrors,
    associations: lines(
      references.map(
        (field) => `${field.association}: belongsTo(() => models.${field.target}, { foreignKey: '${field.name}' }),`,
      ),
    ),
    methods: methods.join('\n\n'),
    sortable: quoteList(sortable),
    filterable: quoteList(filterable),
    include: quoteList(include),
    permit: quoteList(permit),
    clientImports,
    sortUnion: sortable.map((name) => `'${name}'`).join(' | '),
    sortColumns: lines([
      ...listColumns.map((field) => `'${fieldLabel(field)}': '${field.name}',`),
      "Created: 'createdAt',",
    ]),
    filterState: lines(
      filterFields.map((field) => `const [${field.name}Filter, ${setter(field)}Filter] = useState('');`),
    ),
    referenceQueries: lines(referenceQueries),
    filterInput: lines(
      filterFields.map((field) => `...(${field.name}Filter === '' ? {} : { ${field.name}: ${filterValue(field)} }),`),
    ),
    filterControls: lines(filterFields.map(filterControl)),
    cells: lines([
      ...listColumns.map((field, index) =>
        index === 0
          ? `<td>\n  <Link href={\`/teams/\${teamId}/${resource.plural}/\${${rec}.id}\`}>{${display(field, rec)}}</Link>\n</td>`
          : `<td>{${display(field, rec)}}</td>`,
      ),
      `<td>{new Date(${rec}.createdAt).toLocaleDateString('en-US', { timeZone: 'UTC' })}</td>`,
    ]),
    formState: lines(
      fields.map((field) => {
        const state = formState(field, rec);
        const init = state.init.replaceAll(`${rec}.`, `${rec}?.`);
        const type = field.type === 'boolean' ? 'boolean' : 'string';
        return `const [${field.name}, ${setter(field)}] = useState<${type}>(${rec} ? ${init} : ${state.empty});`;
      }),
    ).replaceAll('toLocalInput(', 'localDateTimeInput('),
    formData: lines(fields.map((field) => `${field.name}: ${toJson(field, field.name)},`)),
    inputs: lines(fields.map((field) => input(field, resource, field.name, setter(field)))),
    titleExpression: titleField ? `${rec}.${titleField.name}` : `\`${Name} #\${${rec}.id}\``,
    details: lines(fields.map((field) => `<dt>${fieldLabel(field)}</dt>\n<dd>{${display(field, rec)}}</dd>`)),
    modelImports: [...new Set(['Membership', 'Team', 'User', Name, ...targets])].sort().join(', '),
    refDeclaration:
      references.length === 0
        ? ''
        : `// Records the ${labelPlural} reference: two in the home team, one in the other.\nconst ref = {} as Record<${references
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
    requiredFields: quoteList(
      fields
        .filter((field) => !field.optional && field.type !== 'boolean')
        .map((field) => field.name)
        .sort(),
    ),
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
    filterChecks: lines(
      filterFields.map((field) => {
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
      }),
    ),
    referenceTest: lines(
      references.map((field) =>
        [
          `it("refuses a ${lowerWords(fieldLabel(field))} of another team (422)", async () => {`,
          `  const created = await call('POST', base(), { data: { ...valid(), ${field.name}: ref.${field.association}Away.id } });`,
          '  expect(created.status).toBe(422);',
          `  expect(created.body).toMatchObject({ error: { fields: { ${field.name}: ['must be a ${lowerWords(fieldLabel(field))} of this team'] } } });`,
          `  const mine = await call('POST', base(), { data: valid() });`,
          `  const moved = await call('PATCH', \`\${base()}/\${mine.body.id}\`, { data: { ${field.name}: ref.${field.association}Away.id } });`,
          '  expect(moved.status).toBe(422);',
          '});',
        ].join('\n'),
      ),
    ),
    firstBlankMessage: "can't be blank",
    firstLabel: titleField ? fieldLabel(titleField) : '',
    fillCreate: lines(
      fields.map((field) => {
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
      }),
    ),
    factoryImports: lines([...factories.values()].flatMap((factory) => factory.importLine ?? [])),
    // A required reference reuses a record of the team (the demo's campaigns...), making one only when there is none:
    // seeding adds no records to the referenced model, and a chain of references (LineItem -> Product -> Campaign) ends.
    factoryDefaults: lines(
      required.map(
        (field) =>
          `${field.name}: attributes.${field.name} ?? ((await ${field.target}.findBy({ teamId })) ?? (await ${create(field.target as string, 'teamId')})).id,`,
      ),
    ),
  };

  const render = (template: string) =>
    pruneImports(
      renderTemplate(readFileSync(path.join(root, 'templates/scaffold', template), 'utf8'), values, template),
    );
  const pages = `app/teams/[teamId]/${resource.plural}`;
  const components = `app/components/${resource.plural}`;
  const files: Record<string, string> = {
    [`db/models/${Name}.ts`]: render('model.ts.tmpl'),
    [`controllers/${Name}Controller.ts`]: render('controller.ts.tmpl'),
    [`controllers/${Name}Controller.test.ts`]: render('controller.test.ts.tmpl'),
    [`db/seeds/${resource.pluralCamel}.ts`]: render('seed.ts.tmpl'),
    [`${pages}/page.tsx`]: render('listPage.tsx.tmpl'),
    [`${pages}/new/page.tsx`]: render('newPage.tsx.tmpl'),
    [`${pages}/[id]/page.tsx`]: render('showPage.tsx.tmpl'),
    [`${pages}/[id]/edit/page.tsx`]: render('editPage.tsx.tmpl'),
    [`${components}/${Name}List.tsx`]: render('List.tsx.tmpl'),
    [`${components}/${Name}Form.tsx`]: render('Form.tsx.tmpl'),
    [`${components}/${Name}Detail.tsx`]: render('Detail.tsx.tmpl'),
  };
  // The browser test drives the form by its first required text field (the record's title).
  if (titleField) files[`e2e/${resource.plural}.spec.ts`] = render('e2e.spec.ts.tmpl');
  return {
    files,
    schemaBlock: render('schema.ts.tmpl'),
    schemaImports: [...schemaImports].sort(),
    navLine: `{ href: \`\${base}/${resource.plural}\`, label: '${resource.pluralTitle}' },`,
  };
}
