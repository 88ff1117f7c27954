/**
 * The README's "Add a controller" recipe works as written: its blocks are
 * applied to a copy of the project exactly as a reader would paste them
 * (scripts/readmeRecipe/recipeSteps.ts says how blocks are marked), its
 * commands run there (migration, typed-client codegen), the result passes tsc
 * and Biome, and the new routes answer through the app's real handler on a
 * migrated database. Edit the recipe in the README; this test follows it.
 *
 * It checks the template, not your app: it skips itself once the recipe's
 * files exist in the project, and you can delete it (with scripts/readmeRecipe/)
 * when you rewrite the README or remove the demo code its anchors point at.
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { copyProject, type ProjectCopy } from './readmeRecipe/copyProject';
import { applyEdit, parseRecipe } from './readmeRecipe/recipeSteps';

const ROOT = path.resolve(import.meta.dirname, '..');
const SECTION = 'Add a controller';

const steps = parseRecipe(readFileSync(path.join(ROOT, 'README.md'), 'utf8'), SECTION);
// Someone followed the recipe in this very project: replaying it would collide with their files.
const alreadyApplied = steps.some((step) => step.kind === 'file' && existsSync(path.join(ROOT, step.path)));

let copy: ProjectCopy | undefined;
afterAll(() => copy?.remove());

/** Runs a command in the copy; on failure, throws with its output (the useful part of a tsc or Biome error). */
async function run(command: string, args: string[], cwd: string): Promise<string> {
  try {
    // process.env carries this test file's own fresh DATABASE_URL (scripts/vitest/setup.ts).
    const { stdout } = await promisify(execFile)(command, args, {
      cwd,
      env: { ...process.env, NODE_ENV: 'test', NEXT_TELEMETRY_DISABLED: '1' },
      maxBuffer: 16 * 1024 * 1024,
    });
    return stdout;
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`\`${[command, ...args].join(' ')}\` failed:\n${stdout}\n${stderr}`.slice(0, 8000));
  }
}

const sqlFiles = (root: string) => readdirSync(path.join(root, 'db', 'migrations')).filter((f) => f.endsWith('.sql'));

type Answer = { status: number; body: Record<string, unknown> };

it.skipIf(alreadyApplied)(
  'replays the README recipe on a copy: it compiles, lints, migrates and serves',
  { timeout: 300_000 },
  async () => {
    copy = copyProject(ROOT);
    const { root } = copy;
    const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);
    const touched = new Set<string>();
    for (const step of steps) {
      if (step.kind !== 'run') touched.add(applyEdit(root, step));
      else for (const command of step.commands) await run('npm', command.split(/\s+/).slice(1), root);
    }

    const added = sqlFiles(root).filter((file) => !sqlFiles(ROOT).includes(file));
    expect(added, 'npm run db:generate wrote one migration, named as the README says').toEqual([
      expect.stringMatching(/^\d{4}_create_notes\.sql$/),
    ]);
    expect(readFileSync(path.join(root, 'db', 'migrations', added[0] as string), 'utf8')).toContain(
      'CREATE TABLE "notes"',
    );
    expect(readFileSync(path.join(root, 'controllers', 'client.gen.ts'), 'utf8')).toContain('NoteController');

    // One tsc run over the whole copy: the new files and every file they were added to.
    await run(bin('tsc'), ['--noEmit', '--incremental', 'false'], root);
    // The copy has no .git, so Biome cannot read .gitignore there; it checks only the recipe's files anyway.
    await run(bin('biome'), ['check', '--vcs-enabled=false', ...touched], root);

    const output = await run(bin('tsx'), ['scripts/readmeRecipe/callNotes.ts'], root);
    const line = output.split('\n').find((text) => text.startsWith('RESULT '));
    expect(line, `no RESULT line in:\n${output}`).toBeDefined();
    const result = JSON.parse((line as string).slice('RESULT '.length)) as Record<string, Answer> & { acmeId: number };

    // A member creates a note; the team comes from the URL, whatever the body says.
    expect(result.created).toMatchObject({ status: 201, body: { title: 'Kick-off agenda', teamId: result.acmeId } });
    expect(result.blank).toMatchObject({ status: 422, body: { error: { fields: { title: ["can't be blank"] } } } });
    expect(result.index?.status).toBe(200);
    expect(result.index?.body).toMatchObject({
      data: [{ id: result.created?.body.id, title: 'Kick-off agenda', body: 'Budget, dates' }],
      pagination: { page: 1, totalCount: 1 },
    });
    // Another team's owner gets the same 404 as for a team that does not exist; members may not delete.
    expect(result.outsider?.status).toBe(404);
    expect(result.memberDelete?.status).toBe(403);
    expect(result.ownerDelete).toMatchObject({ status: 200, body: { success: true } });

    // `npm test` in the copy stays green where the recipe reaches: the OpenAPI document passes
    // its lint (the new tag has a description), the contract test leaves the notes' routes to the
    // recipe's own test (which the recipe ran above), and the framework's tests that create tables
    // of their own do not collide with the recipe's `notes` on the migrated test database.
    const tablesOfTheirOwn = (readdirSync(path.join(root, 'server'), { recursive: true }) as string[])
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => path.join('server', file))
      .filter((file) => /create table/i.test(readFileSync(path.join(root, file), 'utf8')));
    await run(
      bin('vitest'),
      ['run', 'controllers/openapi.test.ts', 'controllers/openapi.contract.test.ts', ...tablesOfTheirOwn],
      root,
    );
  },
);
