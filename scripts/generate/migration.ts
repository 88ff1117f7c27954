/**
 * Runs `drizzle-kit generate` for a scaffold and checks that it did what it
 * says: drizzle-kit exits 0 even when it stops (a rename question it cannot
 * ask without a terminal), so success is a new migration file, or its own
 * "No schema changes" (a file field changes no table). Anything else is a
 * GeneratorError quoting drizzle-kit, so the run never ends with "done" and
 * no migration.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { GeneratorError } from './parseScaffold';

const MIGRATIONS = 'db/migrations';
const NO_CHANGES = 'No schema changes';
const NEEDS_TTY = 'Interactive prompts require a TTY';

const sqlFiles = (root: string) =>
  existsSync(path.join(root, MIGRATIONS))
    ? readdirSync(path.join(root, MIGRATIONS)).filter((file) => file.endsWith('.sql'))
    : [];

/** The migration drizzle-kit wrote (`db/migrations/0009_<name>.sql`), or undefined when the schema did not change. */
export function generateMigration(root: string, name: string, log: (line: string) => void): string | undefined {
  const command = path.join(root, 'node_modules/.bin', 'drizzle-kit');
  log(`  run     ${command} generate --name ${name}`);
  const before = new Set(sqlFiles(root));
  const result = spawnSync(command, ['generate', '--name', name], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
    timeout: 180_000,
  });
  const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim();
  const written = sqlFiles(root).filter((file) => !before.has(file));
  if (result.status === 0 && written.length > 0) return `${MIGRATIONS}/${written.sort().at(-1)}`;
  if (result.status === 0 && output.includes(NO_CHANGES)) return undefined;
  const unfinished =
    'The files and db/schema.ts are written; no migration is. ' +
    'Undo with git (git checkout, git clean) or finish by hand, then run npm run gen.';
  if (output.includes(NEEDS_TTY))
    throw new GeneratorError(
      'scaffold: drizzle-kit wrote no migration: a column went and another came in one run, and it asks whether ' +
        'that is a rename, which it cannot without a terminal. Rename in two steps (--force without the old field, ' +
        `then --force with the new one), or run npm run db:generate -- --name ${name} yourself and answer it ` +
        `(or write the migration by hand). ${unfinished}`,
    );
  throw new GeneratorError(
    `scaffold: drizzle-kit wrote no migration (exit ${result.status ?? result.signal}). ${unfinished}\n${output}`,
  );
}
