/**
 * generateMigration against a stand-in drizzle-kit: it exits 0 whatever happens, so the check is what
 * it wrote and said.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { generateMigration } from './migration';

let root: string;
/** A drizzle-kit that runs `script` (sh) and exits 0, as the real one does after a refused prompt. */
function fakeDrizzleKit(script: string): void {
  const bin = path.join(root, 'node_modules/.bin/drizzle-kit');
  writeFileSync(bin, `#!/bin/sh\n${script}\nexit 0\n`);
  chmodSync(bin, 0o755);
}
const quiet = () => {};

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'migration-'));
  mkdirSync(path.join(root, 'node_modules/.bin'), { recursive: true });
  mkdirSync(path.join(root, 'db/migrations'), { recursive: true });
  writeFileSync(path.join(root, 'db/migrations/0000_init.sql'), '');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('generateMigration', () => {
  it('returns the migration drizzle-kit wrote', () => {
    fakeDrizzleKit('touch db/migrations/0001_create_products.sql');
    expect(generateMigration(root, 'create_products', quiet)).toBe('db/migrations/0001_create_products.sql');
  });

  it('returns nothing when drizzle-kit says the schema did not change', () => {
    fakeDrizzleKit("echo 'No schema changes, nothing to migrate'");
    expect(generateMigration(root, 'update_products', quiet)).toBeUndefined();
  });

  it('fails, advising two steps, when drizzle-kit stopped at a rename question (and still exited 0)', () => {
    fakeDrizzleKit("echo 'Error: Interactive prompts require a TTY terminal (process.stdin.isTTY ...)' >&2");
    expect(() => generateMigration(root, 'update_products', quiet)).toThrow(
      /drizzle-kit wrote no migration: .*rename.*Rename in two steps/,
    );
  });

  it('fails, quoting drizzle-kit, when it wrote nothing and did not say why', () => {
    fakeDrizzleKit("echo 'something broke' >&2");
    expect(() => generateMigration(root, 'update_products', quiet)).toThrow(/wrote no migration[\s\S]*something broke/);
  });
});
