/**
 * A throw-away copy of the project to apply the README's recipe to: the
 * sources only (no build output, local data, test results or git), with
 * node_modules linked rather than copied (hundreds of MB, never modified).
 */
import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const SKIPPED = new Set(['node_modules', '.next', '.data', 'test-results', 'playwright-report', '.git']);

export interface ProjectCopy {
  root: string;
  remove(): void;
}

export function copyProject(source: string): ProjectCopy {
  const root = mkdtempSync(path.join(os.tmpdir(), 'readme-recipe-'));
  cpSync(source, root, {
    recursive: true,
    filter: (from) => {
      const name = path.basename(from);
      // .env files could point the copy at another database; the test sets its own.
      return !SKIPPED.has(name) && !name.endsWith('.tsbuildinfo') && !name.startsWith('.env');
    },
  });
  symlinkSync(path.join(source, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  return { root, remove: () => rmSync(root, { recursive: true, force: true }) };
}
