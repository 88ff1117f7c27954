/** `runMigrations` on a database of its own: what a failed migration tells the developer. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { env } from '@/env';
import { runMigrations } from './migrate';

const name = `migrate_${Date.now().toString(36)}`;
let admin: postgres.Sql;
let url: string;
let folder: string;

/** A drizzle-kit migrations folder: each SQL text becomes `<n>_step.sql`, listed in meta/_journal.json. */
function migrations(steps: string[]): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  const entries = steps.map((sql, idx) => {
    const tag = `000${idx}_step`;
    writeFileSync(path.join(dir, `${tag}.sql`), sql);
    return { idx, version: '7', when: 1_700_000_000_000 + idx, tag, breakpoints: true };
  });
  writeFileSync(
    path.join(dir, 'meta', '_journal.json'),
    JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
  );
  return dir;
}

beforeAll(async () => {
  admin = postgres(env.DATABASE_URL as string, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const target = new URL(env.DATABASE_URL as string);
  target.pathname = `/${name}`;
  url = target.toString();
});
afterAll(async () => {
  rmSync(folder, { recursive: true, force: true });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

describe('runMigrations', () => {
  // Regenerating a scaffold with a new required field writes `ADD COLUMN ... NOT NULL`, which fails on a
  // table that has rows. The message was drizzle's "Failed query: ALTER TABLE ... params:" alone, without
  // PostgreSQL's reason or what to do.
  it("names PostgreSQL's reason, and what to do when a required column meets existing rows", async () => {
    folder = migrations([
      'CREATE TABLE widgets (id serial PRIMARY KEY);--> statement-breakpoint\nINSERT INTO widgets DEFAULT VALUES;',
      'ALTER TABLE "widgets" ADD COLUMN "weight" integer NOT NULL;',
    ]);
    const failure = await runMigrations(url, folder).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain('column "weight" of relation "widgets" contains null values');
    expect(message).toContain('ALTER TABLE "widgets" ADD COLUMN "weight" integer NOT NULL');
    expect(message).toContain(
      'Edit the migration in db/migrations/ (it was not applied): ADD COLUMN ... NOT NULL DEFAULT',
    );
  });
});
