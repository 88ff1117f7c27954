/**
 * A throw-away copy of the project to apply the README's recipe to: the
 * sources only (no build output, local data, test results or git), with
 * node_modules linked rather than copied (hundreds of MB, never modified).
 * `next build` needs a real node_modules folder (Turbopack does not resolve
 * through a symlink that leaves the project): `{ build: true }` makes one of
 * hard links instead, copying only what cannot be linked.
 */
import {
  chmodSync,
  copyFileSync,
  cpSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readlinkSync,
  rmSync,
  symlinkSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SKIPPED = new Set(['node_modules', '.next', '.data', 'test-results', 'playwright-report', '.git']);

export interface ProjectCopy {
  root: string;
  remove(): void;
}

/** `from` rebuilt at `to`: folders made, files hard-linked (copied across file systems), symlinks kept. */
function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const [source, target] = [path.join(from, entry.name), path.join(to, entry.name)];
    if (entry.isDirectory()) linkTree(source, target);
    else if (entry.isSymbolicLink()) symlinkSync(readlinkSync(source), target);
    else {
      try {
        linkSync(source, target);
      } catch {
        copyFileSync(source, target);
      }
    }
  }
}

export function copyProject(source: string, options: { build?: boolean } = {}): ProjectCopy {
  const root = mkdtempSync(path.join(os.tmpdir(), 'readme-recipe-'));
  // mkdtemp makes it private to us; the embedded PostgreSQL runs its tools as another user when we are root.
  chmodSync(root, 0o755);
  cpSync(source, root, {
    recursive: true,
    filter: (from) => {
      const name = path.basename(from);
      // .env files could point the copy at another database; the test sets its own. .env.example sets
      // nothing (every line a comment) and is part of a clone: env.test.ts reads it.
      const envFile = name.startsWith('.env') && name !== '.env.example';
      return !SKIPPED.has(name) && !name.endsWith('.tsbuildinfo') && !envFile;
    },
  });
  if (options.build) linkTree(path.join(source, 'node_modules'), path.join(root, 'node_modules'));
  else symlinkSync(path.join(source, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  // Retried: a server of the copy's tests that just stopped may still be removing its own files.
  return { root, remove: () => rmSync(root, { recursive: true, force: true, maxRetries: 5 }) };
}
