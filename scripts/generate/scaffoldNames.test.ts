/**
 * Common resource and field names that the generated code also uses for its own variables (the form's
 * `event`, `update`, `router`, the test's row type), and names pluralize reads as plurals (`Canvas`, made
 * with `--plural Canvases`): scaffolded into a throw-away copy of the project, the result must typecheck.
 * The form's and tests' own names are chosen so that these stay free.
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

it('Event, Update, Router, Row, IPAddress, SKU and Canvas (--plural), with fields named like the form variables, typecheck', async () => {
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
    // Served at /canvases (its controller says so), and referenced there: the typed client's keys must agree.
    expect(await main(['scaffold', 'Canvas', 'title:string', 'photo:image', '--plural', 'Canvases'], copy.root)).toBe(
      0,
    );
    expect(await main(['scaffold', 'Frame', 'title:string', 'canvas:references'], copy.root)).toBe(0);
  } finally {
    console.log = log;
  }
  const nav = readFileSync(path.join(copy.root, 'app/components/TeamNav.tsx'), 'utf8');
  expect(nav).toContain("/ip-addresses`, label: 'IP addresses' },");
  expect(nav).toContain("/canvases`, label: 'Canvases' },");
  expect(readFileSync(path.join(copy.root, 'controllers/client.gen.ts'), 'utf8')).toContain("'teams.canvases.index'");
  // --force and destroy take the plural from .generator/scaffold/Canvas.json; another one is a rename, refused.
  await expect(
    main(['scaffold', 'Canvas', 'title:string', '--force', '--plural=Canvasses'], copy.root),
  ).rejects.toThrow(
    'Canvas was made with --plural Canvases; a run with --plural Canvasses would rename its table, API and pages',
  );
  const lines: string[] = [];
  console.log = (line: string) => lines.push(line);
  try {
    expect(await main(['scaffold', 'Canvas', 'title:string', 'photo:image', '--force', '--dry-run'], copy.root)).toBe(
      0,
    );
  } finally {
    console.log = log;
  }
  // Named by its table (canvases), not by the plural pluralize would give: the reference is found.
  await expect(main(['destroy', 'scaffold', 'Canvas'], copy.root)).rejects.toThrow(
    'destroy: Canvas is still referenced by Frame (frames.canvas_id -> Canvas)',
  );
  // The same fields again: the plan says no file would change, and that no migration is to come.
  expect(lines).toContain('  same    controllers/CanvasController.ts');
  expect(lines.filter((line) => /^ {2}(merge|CONFLICT|edit) /.test(line))).toEqual([]);
  expect(lines).toContain('  same    db/schema.ts');
  expect(lines).toContain(
    '  run     drizzle-kit generate --name update_canvases (no table changes: no migration expected)',
  );
  try {
    execFileSync(path.join(copy.root, 'node_modules/.bin/tsc'), ['--noEmit'], { cwd: copy.root, encoding: 'utf8' });
  } catch (error) {
    // tsc's own report (the clashing names) rather than "Command failed".
    throw new Error(String((error as { stdout?: string }).stdout ?? error));
  }
}, 600_000);
