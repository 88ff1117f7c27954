/**
 * The README's "Add a resource" commands, as a reader runs them on the day the
 * demo goes: the demo-removal check (checkDemoRemoval.ts) replays them on its
 * copy before that copy's `npm test`, so every generated file (migration,
 * model, controller, pages, the controller test and the Playwright spec) is
 * compiled, linted and run in CI, not only written.
 *
 * The README is the source: edit the commands there. Only these may appear in
 * the section's ```sh block:
 *   npm run generate -- ...   run in the copy, as written
 *   npm run db:migrate        not run: every test run migrates databases of its own
 *   npm test                  what the check runs next anyway
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { markdownSection } from '../readmeRecipe/recipeSteps';

const SECTION = 'Add a resource';
const GENERATE = 'npm run generate -- ';
const LEFT_TO_THE_TESTS = new Set(['npm run db:migrate', 'npm test']);

/** The argument lists of the section's `npm run generate` commands, in order. */
export function readmeGenerateCommands(readme: string): string[][] {
  const block = /^```sh\n([\s\S]*?)^```$/m.exec(markdownSection(readme, SECTION))?.[1];
  if (block === undefined) throw new Error(`"## ${SECTION}" has no \`\`\`sh block`);
  const commands: string[][] = [];
  for (const line of block.split('\n').map((text) => text.trim())) {
    if (line === '' || LEFT_TO_THE_TESTS.has(line)) continue;
    if (!line.startsWith(GENERATE)) {
      throw new Error(`"## ${SECTION}": only npm run generate, db:migrate and npm test are replayed, got: ${line}`);
    }
    commands.push(line.slice(GENERATE.length).split(/\s+/));
  }
  if (commands.length === 0) throw new Error(`"## ${SECTION}" runs no npm run generate`);
  return commands;
}

/**
 * Runs the README's generate commands in `root`; throws with the generator's output on the first failure.
 * Runs none when the project already has one of their resources (you followed the README in it).
 */
export function addReadmeResources(root: string, readme: string, log: (message: string) => void): void {
  const commands = readmeGenerateCommands(readme);
  const existing = commands.find(([, name]) => existsSync(path.join(root, '.generator', 'scaffold', `${name}.json`)));
  if (existing) {
    log(`skipped: this project already has the README's ${existing[1]}`);
    return;
  }
  for (const args of commands) {
    log(`npm run generate -- ${args.join(' ')}`);
    const result = spawnSync('npm', ['run', '--silent', 'generate', '--', ...args], { cwd: root, encoding: 'utf8' });
    if (result.status !== 0) {
      throw new Error(`npm run generate -- ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
    }
  }
}
