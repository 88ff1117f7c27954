/**
 * Vitest global setup: one PostgreSQL for the run, and a migrated template
 * database that every test file clones (see setup.ts), so files run in
 * parallel on databases of their own.
 *
 * DATABASE_URL set (CI): use that server; databases are created and dropped.
 * Unset: start an embedded PostgreSQL in a temporary folder.
 */
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { runMigrations } from '../../db/migrate';
import { FIXTURE_SCHEMA } from '../../server/testing/fixtureSchema';
import { dropDatabase, dropDatabasesNamed, ensureDatabase, startEmbeddedPostgres } from '../services/embeddedPostgres';

declare module 'vitest' {
  export interface ProvidedContext {
    pgServerUrl: string;
    pgTemplate: string;
    /** Every test file's database name starts with it, so the teardown finds what a file left. */
    pgFilePrefix: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const given = process.env.DATABASE_URL;
  let tempDir: string | undefined;
  let stopServer: (() => Promise<void>) | undefined;
  let serverUrl: string;
  if (given) {
    serverUrl = given;
  } else {
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'template-pg-'));
    chmodSync(tempDir, 0o755); // the embedded server runs as the `postgres` user when we are root
    const embedded = await startEmbeddedPostgres({ dir: path.join(tempDir, 'data') });
    serverUrl = embedded.serverUrl;
    stopServer = embedded.stop;
    console.log(`[vitest] DATABASE_URL unset: started embedded PostgreSQL on port ${embedded.port}`);
  }
  const template = `test_tmpl_${process.pid}_${Date.now().toString(36)}`;
  const templateUrl = await ensureDatabase(serverUrl, template);
  await requireUtf8(templateUrl);
  await runMigrations(templateUrl);
  await createFixtureSchema(templateUrl);
  const filePrefix = `test_${process.pid.toString(36)}${Date.now().toString(36)}_`;
  project.provide('pgServerUrl', serverUrl);
  project.provide('pgTemplate', template);
  project.provide('pgFilePrefix', filePrefix);

  return async () => {
    // A file that failed at import (a controller's boot-time error) never ran its afterAll.
    const left = await dropDatabasesNamed(serverUrl, filePrefix);
    if (left.length > 0) console.log(`[vitest] dropped ${left.length} database(s) test files left: ${left.join(', ')}`);
    await dropDatabase(serverUrl, template);
    await stopServer?.();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  };
}

/** The framework's tests keep their fixture tables apart from the app's (server/testing/fixtureSchema.ts). */
async function createFixtureSchema(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`create schema ${client(FIXTURE_SCHEMA)}`;
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** The tests count characters and fold case as a UTF8 database does; another encoding fails here, once. */
async function requireUtf8(url: string): Promise<void> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await client`select getdatabaseencoding() as encoding`;
    if (row?.encoding !== 'UTF8') {
      throw new Error(`The tests need a UTF8 database; DATABASE_URL's server creates ${row?.encoding} ones.`);
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}
