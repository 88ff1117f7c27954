/**
 * `npm test`: every check, in order, stopping at the first failure:
 * browser -> gen (when scripts/gen.ts exists) -> typecheck -> lint ->
 * unit/integration (vitest) -> next build -> e2e (Playwright).
 *
 * Tests need no setup: without DATABASE_URL they start an embedded PostgreSQL;
 * with it (CI) they create and drop databases on that server.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { requireBrowser } from './findBrowser';

interface Step {
  name: string;
  command?: string[];
  run?: () => void;
  skip?: string;
}

const VITEST_REPORT = path.join('test-results', 'vitest.json');
const PLAYWRIGHT_REPORT = path.join('test-results', 'playwright.json');

const env: NodeJS.ProcessEnv = {
  ...process.env,
  NEXT_TELEMETRY_DISABLED: '1',
  AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  // Tools resolve from the project even when this runs outside `npm run`.
  PATH: [path.resolve('node_modules', '.bin'), process.env.PATH].join(path.delimiter),
};

const steps: Step[] = [
  {
    name: 'browser',
    run: () => {
      const browser = requireBrowser({ install: true });
      console.log(`Chromium: ${browser.executablePath ?? "Playwright's own"} (${browser.source})`);
    },
  },
  {
    name: 'gen',
    // A stale committed client fails here (run `npm run gen` and commit it) instead of being rewritten silently.
    command: ['npm', 'run', '--silent', 'gen', '--', '--check'],
    skip: existsSync(path.join('scripts', 'gen.ts')) ? undefined : 'no scripts/gen.ts yet',
  },
  { name: 'typecheck', command: ['tsc', '--noEmit'] },
  { name: 'lint', command: ['biome', 'check', '.'] },
  {
    name: 'unit',
    command: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`],
  },
  { name: 'build', command: ['next', 'build'] },
  // No database driver, ORM, AWS SDK or controller code in the browser chunks.
  { name: 'client bundle scan', command: ['tsx', 'scripts/scanClientBundle.ts'] },
  { name: 'e2e', command: ['playwright', 'test'] },
];

const started = Date.now();
rmSync(VITEST_REPORT, { force: true });
rmSync(PLAYWRIGHT_REPORT, { force: true });

for (const [index, step] of steps.entries()) {
  const label = `[${index + 1}/${steps.length}] ${step.name}`;
  const shown = step.command ? `: ${step.command.join(' ')}` : '';
  if (step.skip) {
    console.log(`\n━━ ${label} skipped (${step.skip})`);
    continue;
  }
  console.log(`\n━━ ${label}${shown}`);
  const stepStart = Date.now();
  const failure = await runStep(step);
  if (failure) {
    printTestCounts();
    console.error(`\n✖ npm test FAILED at step ${label}${shown}\n  ${failure}`);
    process.exit(1);
  }
  console.log(`✔ ${step.name} (${seconds(stepStart)})`);
}

console.log('');
printTestCounts();
console.log(`✔ npm test: all ${steps.length} steps passed in ${seconds(started)}`);

async function runStep(step: Step): Promise<string | undefined> {
  if (step.run) {
    try {
      step.run();
      return undefined;
    } catch (error) {
      return error instanceof Error ? error.message : String(error);
    }
  }
  const [command, ...args] = step.command ?? [];
  if (!command) return 'no command';
  const code = await new Promise<number>((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.on('error', (error) => {
      console.error(error.message);
      resolve(127);
    });
    child.on('exit', (exitCode, signal) => resolve(exitCode ?? (signal ? 128 : 1)));
  });
  return code === 0 ? undefined : `exit code ${code}`;
}

/** One `N passed, N failed` line for the tests that ran (vitest + Playwright JSON reports). */
function printTestCounts(): void {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const unit = readJson<{ numPassedTests: number; numFailedTests: number; numPendingTests: number }>(VITEST_REPORT);
  if (unit) {
    passed += unit.numPassedTests;
    failed += unit.numFailedTests;
    skipped += unit.numPendingTests;
  }
  const e2e = readJson<{ stats: { expected: number; unexpected: number; flaky: number; skipped: number } }>(
    PLAYWRIGHT_REPORT,
  );
  if (e2e) {
    passed += e2e.stats.expected + e2e.stats.flaky;
    failed += e2e.stats.unexpected;
    skipped += e2e.stats.skipped;
  }
  if (unit || e2e) console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)}s`;
}
