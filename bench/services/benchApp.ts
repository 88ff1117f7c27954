// demo:file (npm run demo:remove deletes this file)
/**
 * Builds the app for scenarios 1, 2 and 5 with the hand-written comparison
 * routes added, without touching the working tree:
 *
 * 1. copies the project's files (git's view: tracked and untracked, minus
 *    ignored ones) into the run's temporary folder,
 * 2. adds bench/routes/** there as `app/(bench)/...` (URLs under /api/bench:
 *    beside the API, so Next treats them as the controller's routes, with no
 *    proxy run for them),
 * 3. hard-links node_modules (Turbopack refuses a symlinked node_modules that
 *    points outside the project root; hard links cost ~2 s and no space),
 * 4. runs `next build` in the copy.
 *
 * Why a copy instead of adding the routes to ./app for the build: other
 * people work in this tree while the bench runs. A copy never leaves bench
 * routes in ./app (nothing to forget after a crash), never overwrites their
 * `.next` (e2e runs `next start` on it), and never shows them half-written
 * files in `tsc`/`biome` runs. The shipped template's build cannot contain
 * the bench routes: they only ever exist in the temporary copy.
 *
 * The copy's next.config wraps the template's own one unchanged, except that
 * `next build` skips its type-check pass (`npx tsc --noEmit` checks the same
 * files; skipping it saves ~15 s of a 1-minute quick run).
 */
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { stopChild } from '../../scripts/shutdown';
import type { Cleanup } from '../cleanup';

const ROUTE_GROUP = path.join('app', '(bench)');
const SKIPPED_DIRS = new Set(['node_modules', '.next', '.data', '.git', 'test-results', 'playwright-report']);

/** The project's files as git sees them; every file but the usual build/data folders without git. */
function projectFiles(root: string): string[] {
  const git = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (git.status === 0) return git.stdout.split('\0').filter((file) => file && existsSync(path.join(root, file)));
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(relative);
      } else files.push(relative);
    }
  };
  walk('');
  return files;
}

function linkNodeModules(root: string, appDir: string, log: (message: string) => void): void {
  const source = path.join(root, 'node_modules');
  if (!existsSync(source)) throw new Error('node_modules is missing: run `npm ci` first');
  const linked = spawnSync('cp', ['-al', source, path.join(appDir, 'node_modules')], { stdio: 'ignore' });
  if (linked.status === 0) return;
  log('hard links unavailable here: copying node_modules (slower)');
  cpSync(source, path.join(appDir, 'node_modules'), { recursive: true, verbatimSymlinks: true });
}

function wrapNextConfig(appDir: string): void {
  const original = ['next.config.ts', 'next.config.mjs', 'next.config.js'].find((name) =>
    existsSync(path.join(appDir, name)),
  );
  if (!original) return; // No configuration: the build then type-checks too.
  const template = original.replace('next.config', 'next.config.template');
  renameSync(path.join(appDir, original), path.join(appDir, template));
  // A TypeScript import names the module without its extension.
  const specifier = original.endsWith('.ts') ? './next.config.template' : `./${template}`;
  writeFileSync(
    path.join(appDir, original),
    [
      '// Written by bench/services/benchApp.ts: the template configuration, minus the build-time type check.',
      `import config from '${specifier}';`,
      // The template may export a function of the phase (it does: server minification is set for the build
      // only); spreading that function would drop every setting, and minified class names lose their routes.
      'export default async function benchConfig(phase, context) {',
      "  const resolved = typeof config === 'function' ? await config(phase, context) : config;",
      '  return { ...resolved, typescript: { ...resolved.typescript, ignoreBuildErrors: true } };',
      '}',
      '',
    ].join('\n'),
  );
}

function runNextBuild(appDir: string, cleanup: Cleanup): Promise<void> {
  const nextBin = path.join(appDir, 'node_modules', 'next', 'dist', 'bin', 'next');
  const child = spawn(process.execPath, [nextBin, 'build'], {
    cwd: appDir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  // A SIGTERM to the bench alone (not its process group) must not leave the build running.
  cleanup.add('stop next build', () => stopChild(child));
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`next build failed (exit ${code}):\n${output.split('\n').slice(-40).join('\n')}`));
    });
  });
}

/** Prepares and builds the copy in `appDir` (inside the run's temporary folder, removed by the cleanup). */
export async function buildBenchApp(options: {
  root: string;
  appDir: string;
  cleanup: Cleanup;
  log: (message: string) => void;
}): Promise<void> {
  const { root, appDir, cleanup, log } = options;
  if (existsSync(path.join(root, ROUTE_GROUP))) {
    throw new Error(`${ROUTE_GROUP} exists in the project: the bench owns that name (remove the folder and rerun)`);
  }
  mkdirSync(appDir, { recursive: true });
  for (const file of projectFiles(root)) {
    mkdirSync(path.dirname(path.join(appDir, file)), { recursive: true });
    cpSync(path.join(root, file), path.join(appDir, file));
  }
  cpSync(path.join(root, 'bench', 'routes'), path.join(appDir, ROUTE_GROUP), { recursive: true });
  linkNodeModules(root, appDir, log);
  wrapNextConfig(appDir);
  await runNextBuild(appDir, cleanup);
}
