/**
 * Everything a scaffold writes, as text: the files (from the templates in
 * templates/scaffold/) and the pieces that go into existing files (the table
 * in db/schema.ts, the link in the team navigation). Pure: reads the
 * templates and the model list, writes nothing (scripts/generate.ts does).
 * The file slots' values come from slotValues.ts, the tests' from testValues.ts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { isListSlot } from './attachmentTypes';
import {
  column,
  constraints,
  display,
  fieldLabel,
  formState,
  input,
  isFilterable,
  isSortable,
  toJson,
  validation,
} from './fieldTypes';
import { lines, quoteList } from './lines';
import type { Field, Resource } from './parseScaffold';
import { referencedModels, servedAt, tableOf } from './referencedModels';
import { renderTemplate } from './renderTemplate';
import { slotValues } from './slotValues';
import { testValues } from './testValues';
import { fieldWords, lowerFirst, lowerWords, runningText } from './words';

export interface ScaffoldOutput {
  /** Whole files, path relative to the project root -> text. */
  files: Record<string, string>;
  /** The table's block for db/schema.ts, and the pg-core names it needs imported. */
  schemaBlock: string;
  schemaImports: string[];
  /** The navigation entry (one line). */
  navLine: string;
}

/** Drops names of `import { a, b } from '...'` lines that the rest of the file never uses. */
function pruneImports(text: string): string {
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

export function scaffoldFiles(root: string, resource: Resource): ScaffoldOutput {
  const { name: Name, fields } = resource;
  const factories = referencedModels(root, resource);
  const targets = [...factories.keys()];
  const segments = new Map(targets.map((target) => [target, servedAt(root, target)]));
  const references = fields.filter((field) => field.type === 'references');
  // The record's title, which the browser test types its marker into (the resource's label, a space and a unique
  // suffix, e2e/support/session.ts uniqueName): a short `string:N` (a code) could not hold it.
  const markerLength = fieldWords(Name).length + 16;
  const titleField = fields.find(
    (field) => field.type === 'string' && !field.optional && (field.length ?? 255) >= markerLength,
  );
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

  // Pages
  const referenceQueries = targets.map(
    (target) =>
      `const ${lowerFirst(target)}Options = (${target}Controller.use({ teamId }).index({ perPage: 100 }).data?.data ?? []).map((option) => ({ id: option.id, label: recordLabel(option) }));`,
  );
  const clientImports = [...targets.map((target) => `${target}Controller`), `${Name}Controller`].sort().join(', ');
  const optionsOf = (field: Field) => `${lowerFirst(field.target as string)}Options`;
  const listColumns = fields.filter((field) => field.type !== 'text');
  const linkColumn = titleField ?? listColumns[0];
  const linkCell = (content: string) =>
    `<td>\n  <Link href={\`/teams/\${teamId}/${resource.plural}/\${${rec}.id}\`}>{${content}}</Link>\n</td>`;
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
    Label: fieldWords(Name),
    label: runningText(Name),
    labelPlural: lowerWords(resource.pluralTitle),
    plural: resource.plural,
    pluralTitle: resource.pluralTitle,
    pluralCamel: resource.pluralCamel,
    camel: rec,
    table: resource.table,
    // A plural given with --plural (`Canvas`, which pluralize reads as a plural): the framework would serve
    // CanvasController at /canvas, so the class names the path the pages, the client and the tests use.
    controllerPath: resource.pluralName
      ? `// The plural given to the scaffold (--plural ${resource.pluralName}), not the one inferred from the class name.\n@controller('/${resource.plural}')`
      : '',
    columns: lines(columnLines),
    constraints: lines(constraintLines),
    serverImports: [
      'belongsTo',
      'calendarDate',
      'hasManyAttached',
      'hasOneAttached',
      'MiB',
      'Model',
      'visibleText',
    ].join(', '),
    validations: lines(fields.map((field) => `${field.name}: ${validation(field)},`)),
    constraintErrors,
    ...slotValues(resource, include),
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
    // The whole group, or nothing: an empty "Filters" fieldset is still announced by screen readers.
    filters:
      filterFields.length === 0
        ? ''
        : lines([
            '<fieldset className="toolbar">',
            '  <legend className="visually-hidden">Filters</legend>',
            ...lines(filterFields.map(filterControl))
              .split('\n')
              .map((line) => (line === '' ? line : `  ${line}`)),
            '</fieldset>',
          ]),
    // What templates edited before `{{filters}}` place inside their own fieldset.
    filterControls: lines(filterFields.map(filterControl)),
    // One cell links to the record: the title (what its page's heading and the browser test show), else the
    // first column, else (only text fields, which the list leaves out) the date it was created.
    cells: lines([
      ...listColumns.map((field) =>
        field === linkColumn ? linkCell(display(field, rec)) : `<td>{${display(field, rec)}}</td>`,
      ),
      // The app's own date format (app/components/format.ts), as the other pages show dates.
      linkColumn ? `<td>{formatDate(${rec}.createdAt)}</td>` : linkCell(`formatDate(${rec}.createdAt)`),
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
    ...testValues(resource, { factories, segments, titleField }),
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
  // The upload widgets: one file for the single-file slots, one for the lists.
  if (resource.attachments.some((attachment) => !isListSlot(attachment)))
    files[`${components}/${Name}FileUpload.tsx`] = render('FileUpload.tsx.tmpl');
  if (resource.attachments.some(isListSlot))
    files[`${components}/${Name}FilesUpload.tsx`] = render('FilesUpload.tsx.tmpl');
  // The browser test drives the form by its first required text field (the record's title).
  if (titleField) files[`e2e/${resource.plural}.spec.ts`] = render('e2e.spec.ts.tmpl');
  return {
    files,
    schemaBlock: render('schema.ts.tmpl'),
    schemaImports: [...schemaImports].sort(),
    navLine: `{ href: \`\${base}/${resource.plural}\`, label: '${resource.pluralTitle}' },`,
  };
}
