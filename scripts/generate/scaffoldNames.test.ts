/**
 * Common resource and field names that the generated code also uses for its own variables (the form's
 * `event`, `update`, `router`, the test's row type): scaffolded into a throw-away copy of the project,
 * the result must typecheck. The form's and tests' own names are chosen so that these stay free.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { main } from '../generate';
import { copyProject, type ProjectCopy } from '../readmeRecipe/copyProject';

const ROOT = path.resolve(import.meta.dirname, '../..');
let copy: ProjectCopy;

beforeAll(() => {
  copy = copyProject(ROOT);
});
afterAll(() => copy?.remove());

it('Event, Update, Router, Row, IPAddress and SKU, with fields named like the form variables, typecheck', async () => {
  const formNames = ['form', 'router', 'create', 'submit', 'saving', 'error', 'list'];
  const log = console.log;
  console.log = () => {};
  try {
    expect(
      await main(
        ['scaffold', 'Event', 'title:string', ...formNames.map((name) => `${name}:string:optional`)],
        copy.root,
      ),
    ).toBe(0);
    // Acronyms: the pages, table and typed client take the controller framework's words (ip-addresses, ipAddresses).
    for (const name of ['Update', 'Router', 'Row', 'IPAddress', 'SKU'])
      expect(await main(['scaffold', name, 'title:string', 'body:text:optional'], copy.root)).toBe(0);
  } finally {
    console.log = log;
  }
  expect(readFileSync(path.join(copy.root, 'app/components/TeamNav.tsx'), 'utf8')).toContain(
    "/ip-addresses`, label: 'IP Addresses' },",
  );
  try {
    execFileSync(path.join(copy.root, 'node_modules/.bin/tsc'), ['--noEmit'], { cwd: copy.root, encoding: 'utf8' });
  } catch (error) {
    // tsc's own report (the clashing names) rather than "Command failed".
    throw new Error(String((error as { stdout?: string }).stdout ?? error));
  }
}, 600_000);
