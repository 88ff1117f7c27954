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
} from './editFiles';
import { fieldChangeWarnings } from './fieldChanges';
import { readManifest, removeManifest, type ScaffoldManifest, writeManifest } from './manifest';
import { generateMigration } from './migration';
import { GeneratorError, parseResourceName, type Resource } from './parseScaffold';
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

/** drizzle-kit writes the migration (non-interactive: stdin closed); the codegen refreshes the derived lists. */
function migrateAndGen(root: string, migration: string, log: RunOptions['log']): void {
  const written = generateMigration(root, migration, log);
  log(written ? `  create  ${written}` : '  (no table changed: no migration)');
  run(root, bin(root, 'tsx'), ['scripts/gen.ts'], log);
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

/**
 * What a run does with one generated file, from the file as it is now and the base (what the previous
 * scaffold wrote, from .generator/): a file the scaffold made and you deleted stays deleted.
 */
function fileStep(current: string | undefined, base: string | undefined): 'create' | 'keep' | 'deleted' | 'merge' {
  if (current === undefined) return base === undefined ? 'create' : 'deleted';
  return base === undefined ? 'keep' : 'merge';
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

const DELETED_NOTE = '(made by the scaffold, deleted since: not brought back)';

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
    throw new GeneratorError(
      `scaffold: ${SCHEMA_FILE} exports ${resource.pluralCamel} but has no "// scaffold:${resource.name} start" / ` +
        `"// scaffold:${resource.name} end" comments around it; put them back around the table, then run again. Nothing was written.`,
    );

  const verb = previous ? 'merge' : 'create';
  // Data loss and risky casts are said first, in --dry-run too.
  for (const warning of previous ? fieldChangeWarnings(resource.table, previous.fields, resource.fields) : [])
    log(warning);
  if (options.dryRun) {
    for (const file of Object.keys(output.files)) {
      const step = fileStep(read(root, file), previous?.files[file]);
      if (step === 'deleted') log(`  deleted ${file} ${DELETED_NOTE}`);
      else log(`  ${step === 'create' ? 'create' : verb}  ${file}`);
    }
    for (const [file, base] of Object.entries(previous?.files ?? {})) {
      if (file in output.files) continue;
      const step = dropStep(read(root, file), base);
      log(`  ${step === 'remove' ? 'remove ' : 'keep   '} ${file} ${DROP_NOTE[step]}`);
    }
    log(`  edit    ${SCHEMA_FILE} (table ${resource.table})`);
    log(`  edit    ${NAV_FILE} (link to /teams/:teamId/${resource.plural})`);
    log(`  run     drizzle-kit generate --name ${previous ? 'update' : 'create'}_${resource.table}`);
    log('  run     npm run gen (controller list, typed clients, OpenAPI)');
    log('dry run: nothing was written.');
    return 0;
  }

  const files: Record<string, string> = {};
  let conflicts = 0;
  for (const [file, raw] of Object.entries(output.files)) {
    const text = format(root, file, raw);
    files[file] = text;
    const current = read(root, file);
    const base = previous?.files[file];
    const step = fileStep(current, base);
    if (step === 'create') {
      write(root, file, text);
      log(`  create  ${file}`);
    }
    if (step === 'keep') log(`  keep    ${file} (exists, not made by the scaffold)`);
    if (step === 'deleted') log(`  deleted ${file} ${DELETED_NOTE}`);
    if (current === undefined || base === undefined) continue;
    const merged = threeWayMerge(current, base, text);
    conflicts += merged.conflicts;
    if (merged.text !== current) write(root, file, merged.text);
    log(`  ${merged.conflicts > 0 ? 'CONFLICT' : merged.text === current ? 'same   ' : 'merge  '} ${file}`);
  }
  // Files the previous scaffold made that this one no longer does (a field removed): gone when unedited (they would
  // import what no longer exists), kept with your edits for you to delete, and remembered for destroy.
  const leftFiles: Record<string, string> = {};
  for (const [file, base] of Object.entries(previous?.files ?? {})) {
    if (file in output.files) continue;
    const step = dropStep(read(root, file), base);
    log(`  ${step === 'remove' ? 'remove ' : 'keep   '} ${file} ${DROP_NOTE[step]}`);
    if (step === 'remove') remove(root, file);
    if (step === 'edited') leftFiles[file] = base;
  }
  for (const [file, base] of Object.entries(previous?.leftFiles ?? {}))
    if (!(file in output.files) && existsSync(path.join(root, file))) leftFiles[file] = base;

  // db/schema.ts: the block (merged like a file) and the imports it needs.
  const block = format(root, SCHEMA_FILE, output.schemaBlock).replace(/\n*$/, '\n');
  let nextSchema = schema;
  const current = schemaBlockOf(schema, resource.name);
  let blockText = block;
  if (previous && current !== undefined) {
    const merged = threeWayMerge(current, previous.schemaBlock, block);
    conflicts += merged.conflicts;
    blockText = merged.text;
    if (merged.conflicts > 0) log(`  CONFLICT ${SCHEMA_FILE}`);
  }
  nextSchema = replaceSchemaBlock(nextSchema, resource.name, blockText);
  const imports = addPgCoreImports(nextSchema, output.schemaImports);
  nextSchema = imports.text;
  if (nextSchema !== schema) {
    write(root, SCHEMA_FILE, nextSchema);
    log(`  edit    ${SCHEMA_FILE}`);
  }
  const nav = read(root, NAV_FILE) ?? '';
  const nextNav = addNavLine(nav, output.navLine);
  if (nextNav !== nav) {
    write(root, NAV_FILE, nextNav);
    log(`  edit    ${NAV_FILE}`);
  }

  const manifest: ScaffoldManifest = {
    name: resource.name,
    ...(resource.pluralName ? { plural: resource.pluralName } : {}),
    fields: fieldSpecs,
    files,
    ...(Object.keys(leftFiles).length > 0 ? { leftFiles } : {}),
    schemaBlock: block,
    navLine: output.navLine,
    addedImports: [...new Set([...(previous?.addedImports ?? []), ...imports.added])].sort(),
  };
  writeManifest(root, manifest, (text) => format(root, `.generator/scaffold/${resource.name}.json`, text));
  if (conflicts > 0) {
    log(
      `${conflicts} conflict(s): resolve the <<<<<<< / >>>>>>> blocks, then run npm run db:generate and npm run gen.`,
    );
    return 1;
  }
  migrateAndGen(root, `${previous ? 'update' : 'create'}_${resource.table}`, log);
  log(`scaffold ${resource.name}: done. Apply the migration: npm run db:migrate (npm run dev does it on start).`);
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
  const blocking = referencesInto(root, read(root, SCHEMA_FILE) ?? '', [resource.pluralCamel]);
  if (blocking.length > 0)
    throw new GeneratorError(
      `destroy: ${name} is still referenced by ${blocking.join(', ')}; destroy that first, or run its scaffold again ` +
        `with --force and without the ${resource.camel}:references field. Nothing was removed.`,
    );
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
  const schema = read(root, SCHEMA_FILE) ?? '';
  write(root, SCHEMA_FILE, removePgCoreImports(replaceSchemaBlock(schema, name, undefined), manifest.addedImports));
  write(root, NAV_FILE, removeNavLine(read(root, NAV_FILE) ?? '', manifest.navLine));
  removeManifest(root, name);
  const generatorDir = path.join(root, '.generator/scaffold');
  if (existsSync(generatorDir) && readdirSync(generatorDir).length === 0) remove(root, '.generator/scaffold/.keep');
  migrateAndGen(root, `drop_${resource.table}`, log);
  // A slot added to the model by hand leaves attachment rows naming it: they go with the table.
  detachAttachments(root, `drop_${resource.table}`, [name]);
  log(`destroy ${name}: done. The migration drops the table: npm run db:migrate.`);
  return 0;
}
