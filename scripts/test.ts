/**
 * `npm test`: every check, in order, stopping at the first failure:
 * browser -> gen (when scripts/gen.ts exists) -> typecheck -> lint ->
 * unit/integration (vitest) -> next build (+ standalone assets) -> e2e (Playwright)
 * -> demo removal (all of it again on a copy without the demo; skipped once it is gone).
 *
 * Tests need no setup: without DATABASE_URL they start an embedded PostgreSQL;
 * with it (CI) they create and drop databases on that server.
 */
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { requireBrowser } from './findBrowser';
import { readCounts, reportProblem, type TestCounts } from './testReports';

interface Step {
  name: string;
  command?: string[];
  run?: () => void;
  skip?: string;
  /** The JSON report this step writes; the step fails unless it shows tests and no failure. */
  report?: { file: string; kind: 'vitest' | 'playwright' };
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
    // Finds a Chromium, never installs one: without it this step fails saying how to get one.
    run: () => {
      const browser = requireBrowser();
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
  { name: 'lint', command: ['biome', 'check', '--error-on-warnings', '.'] },
  // The layer table (scripts/layers/layerRules.ts): who may import whom.
  { name: 'layers', command: ['tsx', 'scripts/layers/checkLayers.ts'] },
  {
    name: 'unit',
    command: ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${VITEST_REPORT}`],
    report: { file: VITEST_REPORT, kind: 'vitest' },
  },
  { name: 'build', command: ['next', 'build'] },
  // As `npm run build` does: the browser assets beside the standalone server.js.
  { name: 'standalone assets', command: ['tsx', 'scripts/standaloneAssets.ts'] },
  // No database driver, ORM, AWS SDK or controller code in the browser chunks.
  { name: 'client bundle scan', command: ['tsx', 'scripts/scanClientBundle.ts'] },
  { name: 'e2e', command: ['playwright', 'test'], report: { file: PLAYWRIGHT_REPORT, kind: 'playwright' } },
  // `npm run demo:remove` on a copy, then the copy's own npm test: the project without its demo still passes.
  { name: 'demo removal', command: ['tsx', 'scripts/demo/checkDemoRemoval.ts'] },
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
  const problem = step.report ? reportProblem(readCounts(step.report.file, step.report.kind)) : undefined;
  if (code !== 0) return `exit code ${code}${problem ? `; ${problem}` : ''}`;
  return problem;
}

/** One `N passed, N failed` line for the tests that ran (vitest + Playwright JSON reports). */
function printTestCounts(): void {
  const reports = [readCounts(VITEST_REPORT, 'vitest'), readCounts(PLAYWRIGHT_REPORT, 'playwright')];
  const present = reports.filter((counts): counts is TestCounts => counts !== undefined);
  if (present.length === 0) return;
  const sum = (key: 'passed' | 'failed' | 'skipped') => present.reduce((total, counts) => total + counts[key], 0);
  console.log(`tests: ${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)}s`;
}
