/**
 * `npm run demo:remove`: takes the demo's own domain out of the project
 * (campaigns, posts, team settings: their models, controllers, pages, tests,
 * seed data, docs and benchmarks) and leaves accounts, teams, members,
 * invitations, API keys, uploads and jobs working. docs/demo-removal.md.
 *
 *   npm run demo:remove              says what it will do, then asks
 *   npm run demo:remove -- --yes     does it without asking
 *   npm run demo:remove -- --dry-run says what it would do, writes nothing
 *
 * What goes is marked in the files themselves (scripts/demo/demoMarkers.ts).
 * Then drizzle-kit writes the migration that drops the demo's tables and
 * `npm run gen` rewrites the derived lists, typed clients and OpenAPI.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import { DemoMarkerError } from './demo/demoMarkers';
import { demoRemovedNextSteps } from './demo/demoRemovedNextSteps';
import { type DemoRemovalPlan, planDemoRemoval } from './demo/planDemoRemoval';
import { removeEmptyFolders } from './demo/removeEmptyFolders';
import { readLiveDevEnv } from './devEnvFile';
import { detachAttachments } from './generate/detachAttachments';
import { referencesInto, schemaTables } from './generate/schemaReferences';

const MIGRATION_NAME = 'remove_demo';

export interface DemoRemoveOptions {
  root: string;
  log: (line: string) => void;
  /** Asked when neither --yes nor --dry-run is given; undefined when there is no terminal to ask on. */
  confirm?: (question: string) => Promise<boolean>;
}

function describe(plan: DemoRemovalPlan, log: (line: string) => void): void {
  log(`Delete ${plan.deletions.length} demo files:`);
  for (const file of plan.deletions) log(`  delete  ${file}`);
  log(`Cut the demo out of ${plan.edits.length} shared files:`);
  for (const { file } of plan.edits) log(`  edit    ${file}`);
  if (plan.scripts.length) log(`Remove the npm scripts that run deleted files: ${plan.scripts.join(', ')}`);
  if (plan.edits.some(({ file }) => file === 'db/schema.ts'))
    log(`Write db/migrations/<n>_${MIGRATION_NAME}.sql (drizzle-kit), dropping the demo's tables`);
  log('Regenerate the derived files (npm run gen: controller and model lists, typed clients, OpenAPI)');
}

function run(root: string, command: string, args: string[], log: (line: string) => void): void {
  log(`  run     ${path.basename(command)} ${args.join(' ')}`);
  execFileSync(command, args, {
    cwd: root,
    stdio: ['ignore', 'pipe', 'inherit'],
    timeout: 180_000,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
  });
}

function removeScripts(root: string, names: readonly string[]): void {
  if (names.length === 0) return;
  const file = path.join(root, 'package.json');
  const pkg = JSON.parse(readFileSync(file, 'utf8'));
  for (const name of names) delete pkg.scripts[name];
  writeFileSync(file, `${JSON.stringify(pkg, null, 2)}\n`);
}

/** The demo models' attachment rows go with their tables (scripts/generate/detachAttachments.ts). */
function detachDemoFiles(root: string, plan: DemoRemovalPlan): void {
  const models = plan.deletions
    .map((file) => /^db\/models\/([A-Z]\w*)\.ts$/.exec(file)?.[1])
    .filter((name): name is string => name !== undefined);
  // The demo is removed once, so the one migration of that name is the one drizzle-kit just wrote.
  const migration = readdirSync(path.join(root, 'db/migrations')).find((file) =>
    file.endsWith(`_${MIGRATION_NAME}.sql`),
  );
  if (migration) detachAttachments(root, `db/migrations/${migration}`, models);
}

function apply(plan: DemoRemovalPlan, { root, log }: DemoRemoveOptions): void {
  const bin = (name: string) => path.join(root, 'node_modules/.bin', name);
  for (const file of plan.deletions) rmSync(path.join(root, file));
  removeEmptyFolders(root, plan.deletions, log);
  for (const { file, text } of plan.edits) writeFileSync(path.join(root, file), text);
  removeScripts(root, plan.scripts);
  if (plan.edits.some(({ file }) => file === 'db/schema.ts')) {
    run(root, bin('drizzle-kit'), ['generate', '--name', MIGRATION_NAME], log);
    detachDemoFiles(root, plan);
  }
  run(root, bin('tsx'), ['scripts/gen.ts'], log);
  // Cutting lines can leave an object or a list formatted for more entries: Biome's formatting and import order.
  const edited = plan.edits.map(({ file }) => file).filter((file) => /\.(tsx?|css)$/.test(file));
  if (edited.length === 0) return;
  // The imports only the demo used (`Campaign` in `import { ApiKey, Campaign }`) go without a marker of their own.
  run(root, bin('biome'), ['lint', '--only=correctness/noUnusedImports', '--write', '--unsafe', ...edited], log);
  run(root, bin('biome'), ['check', '--write', ...edited], log);
}

/**
 * A table you added that references a demo table (a scaffold's `campaign:references`) would keep its
 * foreign key and its code after the cut: drizzle-kit and the typecheck would fail half-way. Refuse first.
 */
function refuseKeptReferences(plan: DemoRemovalPlan, root: string): void {
  const schema = plan.edits.find(({ file }) => file === 'db/schema.ts');
  if (!schema) return;
  const kept = new Set(schemaTables(schema.text));
  const removed = schemaTables(readFileSync(path.join(root, 'db/schema.ts'), 'utf8')).filter(
    (table) => !kept.has(table),
  );
  const blocking = referencesInto(root, schema.text, removed);
  if (blocking.length > 0)
    throw new DemoMarkerError(
      `demo:remove: ${blocking.join(', ')} references the demo, which would go; remove that reference first ` +
        '(for a scaffold: run it again with --force without the field, or destroy it). Nothing was changed.',
    );
}

/** Returns the exit code. */
export async function main(argv: readonly string[], options: DemoRemoveOptions): Promise<number> {
  const unknown = argv.filter((arg) => !['--yes', '--dry-run'].includes(arg));
  if (unknown.length) throw new DemoMarkerError(`demo:remove: unknown option ${unknown[0]} (use --yes or --dry-run)`);
  const plan = planDemoRemoval(options.root);
  if (plan.deletions.length === 0 && plan.edits.length === 0) {
    options.log('demo:remove: no demo left to remove.');
    return 0;
  }
  refuseKeptReferences(plan, options.root);
  describe(plan, options.log);
  if (argv.includes('--dry-run')) return 0;
  if (!argv.includes('--yes')) {
    if (!options.confirm) {
      options.log('demo:remove: nothing removed. Run `npm run demo:remove -- --yes` to remove without asking.');
      return 1;
    }
    if (!(await options.confirm('Remove the demo? [y/N] '))) {
      options.log('demo:remove: nothing removed.');
      return 1;
    }
  }
  apply(plan, options);
  options.log(
    demoRemovedNextSteps({
      devRunning: readLiveDevEnv() !== undefined,
      databaseUrl: Boolean(process.env.DATABASE_URL),
    }),
  );
  return 0;
}

async function askOnTerminal(question: string): Promise<boolean> {
  const terminal = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return /^y(es)?$/i.test((await terminal.question(question)).trim());
  } finally {
    terminal.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const confirm = process.stdin.isTTY ? askOnTerminal : undefined;
  main(process.argv.slice(2), { root: process.cwd(), log: console.log, confirm }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof DemoMarkerError ? error.message : error);
      process.exit(1);
    },
  );
}
