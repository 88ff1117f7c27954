/**
 * `npm test`'s last step: `npm run demo:remove -- --yes` on a throw-away copy
 * of the project, then the README's "Add a resource" commands there
 * (readmeResources.ts), then the copy's own `npm test` (typecheck, lint,
 * layers, unit and integration tests, build, Playwright) on the embedded
 * PostgreSQL of `npm run dev`, so a demo file left
 * unmarked, a shared file that still needs the demo, or a scaffold whose
 * generated tests fail, fails here and not on the day a team removes the demo
 * and adds its first resource. It also fails if a demo name survives outside
 * the places allowed to keep one (LEFTOVER_ALLOWED).
 *
 * Skipped once the demo is gone (nothing left to remove). Run it alone with
 * `npx tsx scripts/demo/checkDemoRemoval.ts`; `--keep` leaves the copy.
 * Stopped with Ctrl-C or SIGTERM, it stops the copy's tests and removes the
 * copy too (checkDemoRemoval.test.ts).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { main } from '../demoRemove';
import { copyProject, type ProjectCopy } from '../readmeRecipe/copyProject';
import { planDemoRemoval } from './planDemoRemoval';
import { addReadmeResources } from './readmeResources';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The demo's own names: none may be left in code the removal keeps. */
const DEMO_NAMES = /\b(Campaign\w*|campaigns?|TeamSetting\w*|teamSettings?|PostController|PostsPanel)\b/;

/**
 * Where the names may stay: history (migrations), the framework and its
 * reference docs (the campaign is their running example), the scaffold
 * generator (its tests pin a reference to the demo's campaigns), and this
 * removal's own code and docs. Not the README: it is the first page of the
 * product made from the template, and its scaffold example once named the
 * demo's campaigns after the removal.
 */
const LEFTOVER_ALLOWED = [
  /^db\/migrations\//,
  /^server\//,
  /^scripts\/demo\//,
  /^scripts\/demoRemove\.ts$/,
  /^scripts\/generate/,
  /^docs\/(?!README\.md$)/,
  /^templates\//,
  /^\.generator\//,
];
const SKIPPED = new Set(['node_modules', '.git', '.next', '.data', 'test-results', 'playwright-report']);

function files(root: string, dir = ''): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED.has(entry.name)) return [];
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? files(root, relative) : [relative];
  });
}

/** `file:line: text` for each demo name left where it should not be. */
function demoLeftovers(root: string): string[] {
  const found: string[] = [];
  for (const file of files(root)) {
    if (LEFTOVER_ALLOWED.some((pattern) => pattern.test(file)) || !/\.(tsx?|css|json|md)$/.test(file)) continue;
    for (const [index, line] of readFileSync(path.join(root, file), 'utf8').split('\n').entries())
      if (DEMO_NAMES.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
  }
  return found;
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const plan = planDemoRemoval(ROOT);
  if (plan.deletions.length === 0 && plan.edits.length === 0) {
    console.log('demo removal: skipped (no demo left in this project)');
    process.exit(0);
  }
  const keep = process.argv.includes('--keep');
  let copy: ProjectCopy | undefined;
  let tests: ChildProcess | undefined;
  const leave = (code: number): never => {
    if (copy && keep) console.log(`demo removal: the copy stays in ${copy.root}`);
    else copy?.remove();
    process.exit(code);
  };
  // Stopped (Ctrl-C, a CI job's SIGTERM): the copy's tests stop first, then the copy (a build and hundreds
  // of MB of links in the temporary folder) is removed, as when it ends on its own. A second signal while
  // the tests stop kills them outright. Installed before the copy is made: a signal during it is handled
  // once it is there (signals wait for the event loop).
  let stopping = false;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.on(signal, () => {
      const group = tests && tests.exitCode === null && tests.signalCode === null ? tests.pid : undefined;
      if (!tests || group === undefined) return leave(code);
      if (!stopping) {
        console.error(`demo removal: stopped by ${signal}; stopping the copy's tests`);
        tests.once('close', () => leave(code));
      }
      try {
        process.kill(-group, stopping ? 'SIGKILL' : signal);
      } catch {
        leave(code); // the group is gone already
      }
      stopping = true;
    });
  }
  copy = copyProject(ROOT, { build: true });
  let code = 1;
  try {
    // A repository, as a clone is: Biome and the layer check read .gitignore through git.
    execFileSync('git', ['init', '-q'], { cwd: copy.root });
    console.log(`demo removal: npm run demo:remove -- --yes in ${copy.root}`);
    if ((await main(['--yes'], { root: copy.root, log: () => {} })) !== 0) throw new Error('demo:remove failed');
    const leftovers = demoLeftovers(copy.root);
    if (leftovers.length) {
      console.error(`demo removal: the demo's names are left in code it keeps:\n  ${leftovers.join('\n  ')}`);
    } else {
      console.log("demo removal: no demo names left; the README's Add a resource commands in the copy");
      const log = (message: string) => console.log(`demo removal: ${message}`);
      addReadmeResources(copy.root, readFileSync(path.join(copy.root, 'README.md'), 'utf8'), log);
      console.log('demo removal: running npm test in the copy');
      // Without DATABASE_URL: the copy's tests start the embedded PostgreSQL that `npm run dev` runs (18),
      // while the main suite runs on the machine's server (15 in CI), so both versions are tested.
      const { DATABASE_URL: _machineServer, ...env } = process.env;
      // A process group of its own, so a signal reaches every step it started (vitest, Playwright, servers).
      // (A SIGKILL to this process's group does not reach it: stop this step with SIGINT or SIGTERM.)
      tests = spawn('npx', ['tsx', 'scripts/test.ts'], { cwd: copy.root, stdio: 'inherit', env, detached: true });
      const child = tests;
      code = await new Promise<number>((resolve) => child.once('close', (status) => resolve(status ?? 1)));
    }
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
  }
  leave(code);
}
