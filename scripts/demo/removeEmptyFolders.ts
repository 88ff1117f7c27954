/**
 * After `npm run demo:remove` deletes the demo's files, the folders they left
 * empty go too (app/teams/[teamId]/campaigns/[id]/).
 *
 * A folder left holding only files git ignores counts as empty: those are what
 * the deleted code wrote (the bench's `bench/results.json`). Kept for them, the
 * folder would outlive its code, and the project layout check
 * (scripts/layers/layoutDoc.test.ts) would fail on a folder no doc names.
 * Outside a git repository nothing counts as ignored, so nothing but empty
 * folders goes.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';

export function removeEmptyFolders(root: string, deleted: readonly string[], log: (line: string) => void): void {
  const folders = [...new Set(deleted.map((file) => path.posix.dirname(file)))].sort((a, b) => b.length - a.length);
  for (let folder of folders) {
    while (folder !== '.' && existsSync(path.join(root, folder))) {
      const left = leftOnlyIgnored(root, folder);
      if (left === undefined) break;
      if (left.length) log(`  delete  ${folder}/ (left holding only ignored files: ${left.join(', ')})`);
      rmSync(path.join(root, folder), { recursive: true });
      folder = path.posix.dirname(folder);
    }
  }
}

/** The folder's entries when git ignores every one of them (none: it is empty); undefined when it holds anything else. */
function leftOnlyIgnored(root: string, folder: string): string[] | undefined {
  const entries = readdirSync(path.join(root, folder), { withFileTypes: true }).map((entry) =>
    entry.isDirectory() ? `${entry.name}/` : entry.name,
  );
  if (entries.length === 0) return [];
  const paths = entries.map((entry) => `${folder}/${entry}`);
  // Prints the paths its rules ignore (never tracked files); exits 1 when none is, 128 outside a repository.
  const result = spawnSync('git', ['check-ignore', '--', ...paths], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) return undefined;
  const ignored = new Set(result.stdout.split('\n'));
  return paths.every((file) => ignored.has(file)) ? entries : undefined;
}
