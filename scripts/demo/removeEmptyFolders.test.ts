import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeEmptyFolders } from './removeEmptyFolders';

let root: string;
const write = (file: string, text = '') => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
const exists = (file: string) => existsSync(path.join(root, file));

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'demo-folders-'));
  write('.gitignore', 'bench/results.json\n.cache/\n');
  write('bench/results.json', '{}');
  write('bench/.cache/entry', 'x');
  mkdirSync(path.join(root, 'app/teams/[teamId]/campaigns/[id]'), { recursive: true });
  write('app/teams/[teamId]/page.tsx', 'export {};\n');
  write('scripts/notes/todo.md', 'mine\n');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const DELETED = ['bench/run.ts', 'app/teams/[teamId]/campaigns/[id]/page.tsx', 'scripts/notes/demo.ts'];

describe('removeEmptyFolders', () => {
  it("removes the folders the deletions emptied, and those left holding only what git ignores (the bench's results)", () => {
    execFileSync('git', ['init', '-q'], { cwd: root });
    const lines: string[] = [];
    removeEmptyFolders(root, DELETED, (line) => lines.push(line));
    expect(exists('bench')).toBe(false);
    expect(lines).toEqual(['  delete  bench/ (left holding only ignored files: .cache/, results.json)']);
    expect(exists('app/teams/[teamId]/campaigns')).toBe(false);
    expect(exists('app/teams/[teamId]/page.tsx')).toBe(true);
    // A file git does not ignore is the user's: its folder stays.
    expect(exists('scripts/notes/todo.md')).toBe(true);
  });

  it('outside a git repository, removes only empty folders', () => {
    removeEmptyFolders(root, DELETED, () => {});
    expect(exists('bench/results.json')).toBe(true);
    expect(exists('app/teams/[teamId]/campaigns')).toBe(false);
  });
});
