/**
 * Runs a scaffold or its destroy on the project at `root`: checks first,
 * then writes the files (three-way merged into edited ones on `--force`),
 * edits db/schema.ts and the navigation, writes the migration with
 * drizzle-kit and regenerates the derived files (`npm run gen`).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { discoveredFiles } from '../gen/discover';
import { detachAttachments } from './detachAttachments';
import {
  addNavLine,
  addPgCoreImports,
  NAV_FILE,
  removeNavLine,
  removePgCoreImports,
  replaceSchemaBlock,
  SCHEMA_FILE,
  schemaBlockOf,
  schemaExports,
  usesPgCore,
} from './editFiles';
import { fieldChangeWarnings, removedSlotWarnings, renameQuestionWarning } from './fieldChanges';
import { readManifest, removeManifest, type ScaffoldManifest, writeManifest } from './manifest';
import { generateMigration } from './migration';
import { GeneratorError, parseResourceName, type Resource } from './parseScaffold';
import { planFile, planLine } from './planFile';
import { scaffoldFiles } from './scaffoldFiles';
import { referencesInto } from './schemaReferences';
import { threeWayMerge } from './threeWayMerge';

export interface RunOptions {
  root: string;
  dryRun: boolean;
  force: boolean;
  log: (line: string) => void;
}

const bin = (root: string, name: string) => path.join(root, 'node_modules/.bin', name);

/** Biome's formatting and import order, so the generated text is what `npm run lint` wants (and the merge base). */
function format(root: string, file: string, text: string): string {
  try {
    return execFileSync(bin(root, 'biome'), ['check', '--write', `--stdin-file-path=${file}`], {
      cwd: root,
      input: text,
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch {
    return text; // Biome refused it (a template error): write it as is, `npm run lint` will say why.
  }
}

function run(root: string, command: string, args: string[], log: RunOptions['log']): void {
  log(`  run     ${command} ${args.join(' ')}`);
  execFileSync(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 180_000,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
}

/**
 * drizzle-kit writes the migration (non-interactive: stdin closed); the codegen refreshes the derived lists.
 * Returns the migration written, if any.
 */
function migrateAndGen(root: string, migration: string, log: RunOptions['log']): string | undefined {
  const written = generateMigration(root, migration, log);
  log(written ? `  create  ${written}` : '  (no table changed: no migration)');
  run(root, bin(root, 'tsx'), ['scripts/gen.ts'], log);
  return written;
}

function read(root: string, file: string): string | undefined {
  const full = path.join(root, file);
  return existsSync(full) ? readFileSync(full, 'utf8') : undefined;
}

function write(root: string, file: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** Removes a file and the folders it leaves empty (up to the project root). */
function remove(root: string, file: string): void {
  rmSync(path.join(root, file), { force: true });
  let dir = path.dirname(path.join(root, file));
  while (dir.startsWith(root) && dir !== root && existsSync(dir) && readdirSync(dir).length === 0) {
    rmdirSync(dir);
    dir = path.dirname(dir);
  }
}

/** Whether a file still holds a merge's conflict block (the markers start a line). */
const hasConflictMarkers = (text: string | undefined) =>
  text !== undefined && /^<<<<<<< /m.test(text) && /^>>>>>>> /m.test(text);

/** A file the field list no longer makes: removed if it is as generated, else kept for you to delete. */
const dropStep = (current: string | undefined, base: string): 'remove' | 'edited' | 'gone' =>
  current === undefined ? 'gone' : current === base ? 'remove' : 'edited';
const DROP_NOTE = {
  remove: '(no longer generated)',
  edited: '(no longer generated, but it has your edits: delete it by hand)',
  gone: '(no longer generated; deleted already)',
} as const;

/** The run's last line: applying a migration is asked for only when the run wrote one. */
export function scaffoldDoneLine(name: string, migration: string | undefined): string {
  return migration
    ? `scaffold ${name}: done. Apply the migration: npm run db:migrate (npm run dev does it on start).`
    : `scaffold ${name}: done. No table changed, so there is no migration to apply.`;
}

/**
 * db/schema.ts after the run: the table's block three-way merged like a file (the base from .generator/), the
 * pg-core imports it needs added.
 */
function planSchema(
  schema: string,
  name: string,
  block: string,
  previous: ScaffoldManifest | undefined,
  imports: readonly string[],
): { text: string; conflicts: number; addedImports: string[] } {
  const current = schemaBlockOf(schema, name);
  const merged =
    previous && current !== undefined
      ? threeWayMerge(current, previous.schemaBlock, block)
      : { text: block, conflicts: 0 };
  const replaced = replaceSchemaBlock(schema, name, merged.text);
  // A field this run dropped (the last `decimal`) can leave an import an earlier run added with nothing using it,
  // which fails the lint: it goes, as destroy takes them all.
  const unused = (previous?.addedImports ?? []).filter((name) => !usesPgCore(replaced, name));
  const added = addPgCoreImports(unused.length > 0 ? removePgCoreImports(replaced, unused) : replaced, imports);
  const kept = (previous?.addedImports ?? []).filter((name) => !unused.includes(name));
  return {
    text: added.text,
    conflicts: merged.conflicts,
    addedImports: [...new Set([...kept, ...added.added])].sort(),
  };
}

/** The table's block is found by its marker comments: without them a run cannot find (or cut out) the table. */
function missingMarkers(
  command: 'scaffold' | 'destroy',
  resource: { name: string; pluralCamel: string },
  undone: string,
): GeneratorError {
  const { name, pluralCamel } = resource;
  return new GeneratorError(
    `${command}: ${SCHEMA_FILE} exports ${pluralCamel} but has no "// scaffold:${name} start" / ` +
      `"// scaffold:${name} end" comments around it; put them back around the table, then run again. Nothing was ${undone}.`,
  );
}

export async function runScaffold(resource: Resource, fieldSpecs: string[], options: RunOptions): Promise<number> {
  const { root, log } = options;
  const previous = readManifest(root, resource.name);
  if (previous && !options.force)
    throw new GeneratorError(
      `scaffold: ${resource.name} exists (made by an earlier scaffold); add --force to regenerate it, merging your edits`,
    );
  // Another plural is another table, URL and set of files: a rename the merge cannot do.
  if (previous && previous.plural !== resource.pluralName)
    throw new GeneratorError(
      `scaffold: ${resource.name} was made with ${previous.plural ? `--plural ${previous.plural}` : 'the plural pluralize gives'}; ` +
        `a run with ${resource.pluralName ? `--plural ${resource.pluralName}` : 'that one'} would rename its table, API and pages. ` +
        'Keep the plural (leave --plural out with --force), or destroy the scaffold and make it again. Nothing was written.',
    );
  const schema = read(root, SCHEMA_FILE) ?? '';
  const output = scaffoldFiles(root, resource);
  const exported = schemaExports(schema);
  // A second run would merge the markers in as ordinary lines (or migrate them): the conflict must be resolved first.
  const unresolved = [...new Set([...Object.keys(previous?.files ?? {}), ...Object.keys(output.files), SCHEMA_FILE])]
    .filter((file) => hasConflictMarkers(read(root, file)))
    .sort();
  if (unresolved.length > 0)
    throw new GeneratorError(
      `scaffold: ${unresolved.join(', ')} still ${unresolved.length === 1 ? 'has' : 'have'} conflict markers ` +
        '(<<<<<<< / ======= / >>>>>>>) from an earlier run; resolve them, then run it again. Nothing was written.',
    );
  if (!previous) {
    const taken = Object.keys(output.files).filter((file) => existsSync(path.join(root, file)));
    if (taken.length > 0)
      throw new GeneratorError(`scaffold: ${resource.name} exists already (${taken.join(', ')}); nothing was written`);
    if (new RegExp(`pgTable\\(\\s*'${resource.table}'`).test(schema) || exported.has(resource.pluralCamel))
      throw new GeneratorError(
        `scaffold: ${SCHEMA_FILE} already has a table ${resource.table} (or exports ${resource.pluralCamel}, maybe re-exported from the framework); nothing was written`,
      );
  } else if (schemaBlockOf(schema, resource.name) === undefined && exported.has(resource.pluralCamel))
    // Without its markers the block cannot be found, and a second table of the same name would be appended.
    throw missingMarkers('scaffold', resource, 'written');

  // Data loss and risky casts are said first, in --dry-run too.
  for (const warning of previous ? fieldChangeWarnings(resource.table, previous.fields, resource.fields) : [])
    log(warning);
  for (const warning of previous ? removedSlotWarnings(resource, previous.fields) : []) log(warning);

  // What the run does, decided before anything is written: --dry-run prints the same steps (`same` for a file
  // it would leave as it is), then stops.
  const files: Record<string, string> = {};
  const plans = Object.entries(output.files).map(([file, raw]) => {
    const text = format(root, file, raw);
    files[file] = text;
    return { file, ...planFile(read(root, file), previous?.files[file], text) };
  });
  // Files the previous scaffold made that this one no longer does (a field removed): gone when unedited (they would
  // import what no longer exists), kept with your edits for you to delete, and remembered for destroy.
  const drops = Object.entries(previous?.files ?? {})
    .filter(([file]) => !(file in output.files))
    .map(([file, base]) => ({ file, base, step: dropStep(read(root, file), base) }));
  const block = format(root, SCHEMA_FILE, output.schemaBlock).replace(/\n*$/, '\n');
  const nextSchema = planSchema(schema, resource.name, block, previous, output.schemaImports);
  const nav = read(root, NAV_FILE) ?? '';
  const withLink = addNavLine(nav, output.navLine);
  // Formatted as the lint wants it: a long resource name's link is wrapped over several lines.
  const nextNav = withLink === nav ? nav : format(root, NAV_FILE, withLink);
  const conflicts = plans.reduce((sum, plan) => sum + plan.conflicts, nextSchema.conflicts);
  const migrationName = `${previous ? 'update' : 'create'}_${resource.table}`;

  for (const plan of plans) {
    if (!options.dryRun && plan.text !== undefined && plan.step !== 'same') write(root, plan.file, plan.text);
    log(planLine(plan.file, plan.step));
  }
  const leftFiles: Record<string, string> = {};
  for (const { file, base, step } of drops) {
    log(`  ${step === 'remove' ? 'remove ' : 'keep   '} ${file} ${DROP_NOTE[step]}`);
    if (options.dryRun) continue;
    if (step === 'remove') remove(root, file);
    if (step === 'edited') leftFiles[file] = base;
  }
  for (const [file, base] of Object.entries(previous?.leftFiles ?? {}))
    if (!(file in output.files) && existsSync(path.join(root, file))) leftFiles[file] = base;

  if (nextSchema.conflicts > 0) log(`  CONFLICT ${SCHEMA_FILE}`);
  else
    log(nextSchema.text === schema ? `  same    ${SCHEMA_FILE}` : `  edit    ${SCHEMA_FILE} (table ${resource.table})`);
  log(nextNav === nav ? `  same    ${NAV_FILE}` : `  edit    ${NAV_FILE} (link to /teams/:teamId/${resource.plural})`);
  if (options.dryRun) {
    if (conflicts > 0)
      log(`${conflicts} conflict(s) would be marked (<<<<<<< / >>>>>>>); the run would write no migration.`);
    else {
      // Only a changed table block can give drizzle-kit something to migrate.
      const expect = nextSchema.text === schema ? ' (no table changes: no migration expected)' : '';
      log(`  run     drizzle-kit generate --name ${migrationName}${expect}`);
      const rename = previous && renameQuestionWarning(resource.table, previous.fields, resource.fields);
      if (rename) log(rename);
      log('  run     npm run gen (controller list, typed clients, OpenAPI)');
    }
    log('dry run: nothing was written.');
    return 0;
  }
  if (nextSchema.text !== schema) write(root, SCHEMA_FILE, nextSchema.text);
  if (nextNav !== nav) write(root, NAV_FILE, nextNav);

  const manifest: ScaffoldManifest = {
    name: resource.name,
    ...(resource.pluralName ? { plural: resource.pluralName } : {}),
    fields: fieldSpecs,
    files,
    ...(Object.keys(leftFiles).length > 0 ? { leftFiles } : {}),
    schemaBlock: block,
    navLine: output.navLine,
    addedImports: nextSchema.addedImports,
  };
  writeManifest(root, manifest, (text) => format(root, `.generator/scaffold/${resource.name}.json`, text));
  if (conflicts > 0) {
    log(
      `${conflicts} conflict(s): resolve the <<<<<<< / >>>>>>> blocks, then run npm run db:generate and npm run gen.`,
    );
    return 1;
  }
  log(scaffoldDoneLine(resource.name, migrateAndGen(root, migrationName, log)));
  return 0;
}

export async function destroyScaffold(name: string, options: RunOptions): Promise<number> {
  const { root, log } = options;
  // A name that is no identifier names no scaffold (and no file to read).
  const manifest = /^\w+$/.test(name) ? readManifest(root, name) : undefined;
  if (!manifest)
    throw new GeneratorError(`destroy: no scaffold named ${name} (.generator/scaffold/${name}.json is missing)`);
  const resource = parseResourceName(name, manifest.plural);
  // Another table's foreign key would stop drizzle-kit (and its code the typecheck) half-way: refuse first.
  const schema = read(root, SCHEMA_FILE) ?? '';
  const blocking = referencesInto(root, schema, [resource.pluralCamel]);
  if (blocking.length > 0)
    throw new GeneratorError(
      `destroy: ${name} is still referenced by ${blocking.join(', ')}; destroy that first, or run its scaffold again ` +
        `with --force and without the ${resource.camel}:references field. Nothing was removed.`,
    );
  // Without its markers the table cannot be cut out: it would stay, with no scaffold record left to fix it.
  if (schemaBlockOf(schema, name) === undefined && schemaExports(schema).has(resource.pluralCamel))
    throw missingMarkers('destroy', resource, 'removed');
  // Every file a run of the scaffold wrote, those a later run no longer made but kept for your edits too.
  const written = { ...manifest.leftFiles, ...manifest.files };
  const present = Object.keys(written).filter((file) => existsSync(path.join(root, file)));
  for (const file of present)
    log(`  remove  ${file}${read(root, file) === written[file] ? '' : ' (it had your edits)'}`);
  log(`  edit    ${SCHEMA_FILE} (table ${resource.table})`);
  log(`  edit    ${NAV_FILE}`);
  if (options.dryRun) {
    log('dry run: nothing was removed.');
    return 0;
  }
  // The lists first, without the files: a running `npm run dev` must never import a deleted model (discover.ts).
  for (const { out, text } of discoveredFiles(root, new Set(present))) write(root, out, text);
  for (const file of present) remove(root, file);
  write(root, SCHEMA_FILE, removePgCoreImports(replaceSchemaBlock(schema, name, undefined), manifest.addedImports));
  write(root, NAV_FILE, removeNavLine(read(root, NAV_FILE) ?? '', manifest.navLine));
  removeManifest(root, name);
  const generatorDir = path.join(root, '.generator/scaffold');
  if (existsSync(generatorDir) && readdirSync(generatorDir).length === 0) remove(root, '.generator/scaffold/.keep');
  const migration = migrateAndGen(root, `drop_${resource.table}`, log);
  // A slot added to the model by hand leaves attachment rows naming it: they go with the table.
  if (migration) detachAttachments(root, migration, [name]);
  log(
    migration
      ? `destroy ${name}: done. The migration drops the table: npm run db:migrate.`
      : `destroy ${name}: done. ${SCHEMA_FILE} had no table of it, so there is no migration.`,
  );
  return 0;
}
