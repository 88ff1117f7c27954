/**
 * `npm run dev`: zero-config development.
 *
 * - No DATABASE_URL: starts an embedded PostgreSQL (data in .data/postgres)
 *   and creates the database `app`. With DATABASE_URL: uses that server.
 * - Applies pending migrations (db/migrations) either way.
 * - No S3_* variables: starts s3rver (data in .data/s3, bucket `uploads`, CORS
 *   open to the app origin). With them: uses that store.
 * - No SMTP_URL (nor MAIL_TRANSPORT): starts a mail catcher (smtp-server) and
 *   sends the app's mail to it; read them at /dev/mail (docs/mail.md).
 * - No SESSION_SECRET: generates one into .data/session-secret.
 * - Writes what it generated to .data/dev-env.json, so `npm run db:*` reach
 *   the same services, then runs `next dev` with that environment, and runs
 *   it again when `npm run gen` changes the controller or model lists.
 *
 * One Ctrl-C stops Next, then the services. A second start reuses .data/
 * (DEV_DATA_DIR moves it).
 * Customise ports with PORT (app; when taken, the next free one of the ten
 * after it), DEV_PG_PORT, DEV_S3_PORT, DEV_SMTP_PORT and DEV_MAILBOX_PORT (the
 * catcher's JSON API).
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import postgres from 'postgres';
import { runMigrations } from '../db/migrate';
import type * as EnvModule from '../env';
import { withTimeout } from '../server/shared';
import { freePort } from '../server/testing';
import { dataDir, isProcessAlive, loadEnvFiles, readLiveDevEnv, removeDevEnv, writeDevEnv } from './devEnvFile';
import { ensureDatabase, startEmbeddedPostgres } from './services/embeddedPostgres';
import { onShutdown, stopChild } from './shutdown';
import { generatedListFiles, watchGeneratedLists } from './watchGeneratedLists';

const log = (message: string) => console.log(`[dev] ${message}`);
const fail = (message: string): never => {
  console.error(`[dev] ${message}`);
  process.exit(1);
};

// Stops run in reverse order of start; filled as services come up, so a
// Ctrl-C during start-up stops what has started so far.
const stops: Array<{ name: string; stop: () => Promise<unknown> }> = [];
let next: ReturnType<typeof spawn> | undefined;

const shutdown = onShutdown(async (reason) => {
  if (reason !== 'next exited') log(`${reason}: stopping...`);
  if (next) await stopChild(next);
  for (const { name, stop } of stops.reverse()) {
    try {
      await withTimeout(stop(), 15_000);
    } catch (error) {
      console.error(`[dev] stopping ${name} failed:`, error);
    }
  }
  removeDevEnv(process.pid);
  process.exit();
});

// 1. The user's own environment (.env files included) must be valid before anything starts.
loadEnvFiles();
// After loadEnvFiles(): `.env.local` may set DEV_DATA_DIR.
const DATA_DIR = dataDir();
const PG_DIR = path.join(DATA_DIR, 'postgres');
const S3_DIR = path.join(DATA_DIR, 's3');
const SECRET_FILE = path.join(DATA_DIR, 'session-secret');
// Imported after loadEnvFiles(): env.ts reads the environment once, at import.
const { env, missingStorageVariables, storageConfigured } = await import('../env').then(
  (module): typeof EnvModule => module,
  (error: unknown) => fail(error instanceof Error ? error.message : String(error)),
);

const running = readLiveDevEnv();
if (running) fail(`\`npm run dev\` is already running (pid ${running.pid}) at ${running.appUrl}.`);

// 2. Codegen (scripts/gen.ts arrives with the typed client; skipped until then).
if (existsSync(path.join('scripts', 'gen.ts'))) {
  log('npm run gen');
  const gen = spawnSync('npm', ['run', '--silent', 'gen'], { stdio: 'inherit' });
  if (gen.status !== 0) fail('`npm run gen` failed; fix the error above and start again.');
}

// PORT, or the next free one after it (3001, 3002, ...), as a second Next.js app would; any free port past those.
const requestedPort = Number(process.env.PORT ?? 3000);
const appPort = await freePort(requestedPort, { following: 10 });
if (appPort !== requestedPort) log(`port ${requestedPort} is taken: using ${appPort}`);
const appUrl = `http://localhost:${appPort}`;
const generated: Record<string, string> = {};

// 3. Database.
let databaseUrl = env.DATABASE_URL;
if (!databaseUrl) {
  await stopOrphanPostgres();
  const first = !existsSync(path.join(PG_DIR, 'PG_VERSION'));
  log(first ? `creating an embedded PostgreSQL in ${shown(PG_DIR)} ...` : 'starting the embedded PostgreSQL ...');
  const pg = await startEmbeddedPostgres({ dir: PG_DIR, port: Number(process.env.DEV_PG_PORT ?? 54329) }).catch(
    (error: unknown) => shutdownWith(error instanceof Error ? error.message : String(error)),
  );
  stops.push({ name: 'PostgreSQL', stop: pg.stop });
  databaseUrl = await ensureDatabase(pg.serverUrl, 'app');
  Object.assign(generated, { DATABASE_URL: databaseUrl, EMBEDDED_DB: 'true' });
}
await runMigrations(databaseUrl).catch((error: unknown) =>
  shutdownWith(`migrations failed on ${redact(databaseUrl)}: ${error instanceof Error ? error.message : error}`),
);
log(`database ${redact(databaseUrl)} is migrated`);

// 3b. A brand-new database gets the demo data, so the first `npm run dev` has
// users to sign in as. Later starts leave your data alone (`npm run db:seed`
// re-applies it). Set DEV_SEED=false to skip.
if (process.env.DEV_SEED !== 'false' && (await isEmptyDatabase(databaseUrl))) {
  log('empty database: seeding the development data (db/seed.ts) ...');
  const seeded = spawnSync(process.execPath, [tsxCli(), 'db/seed.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl },
  });
  if (seeded.status !== 0) await shutdownWith('db/seed.ts failed (see above).');
}

// 4. Object storage.
const s3Missing = missingStorageVariables(env);
if (s3Missing.length > 0) await shutdownWith(`S3_* are all or none: set ${s3Missing.join(', ')} too, or none of them.`);
if (!storageConfigured) {
  const { startS3Server } = await import('../server/testing');
  const s3 = await startS3Server({
    dir: S3_DIR,
    port: Number(process.env.DEV_S3_PORT ?? 4569),
    allowedOrigins: [appUrl, `http://127.0.0.1:${appPort}`],
  });
  stops.push({ name: 's3rver', stop: s3.stop });
  Object.assign(generated, s3.env, { EMBEDDED_S3: 'true' });
  log(`s3rver on ${s3.endpoint}, bucket "${s3.bucket}" (data in ${shown(S3_DIR)})`);
}

// 4b. Mail: no SMTP_URL and no MAIL_TRANSPORT -> an embedded mail catcher, read at /dev/mail.
if (!env.SMTP_URL && !env.MAIL_TRANSPORT) {
  const { startMailCatcher } = await import('./services/mailCatcher');
  const mail = await startMailCatcher({
    smtpPort: Number(process.env.DEV_SMTP_PORT ?? 1025),
    apiPort: Number(process.env.DEV_MAILBOX_PORT ?? 1080),
  }).catch((error: unknown) => shutdownWith(`the mail catcher did not start: ${error}`));
  stops.push({ name: 'mail catcher', stop: mail.stop });
  Object.assign(generated, { SMTP_URL: mail.smtpUrl, DEV_MAILBOX_URL: mail.apiUrl });
  log(`mail catcher on ${mail.smtpUrl}: the app's mails are at ${appUrl}/dev/mail`);
}

// 5. Session secret.
if (!env.SESSION_SECRET) generated.SESSION_SECRET = sessionSecret();

writeDevEnv({ pid: process.pid, appUrl, env: generated });

// 6. Next.js.
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
log(`starting next dev on ${appUrl} (health: ${appUrl}/api/health)`);
/** True while dev replaces next dev itself (below): its exit is not the user's. */
let restarting = false;
const root = path.resolve(import.meta.dirname, '..');

function startNext(): void {
  // Each next dev starts without the Turbopack cache a previous one left on disk: restored, it sent
  // every page into a reload loop ("HMR hash mismatch") on about one start in five (docs/decisions.md).
  rmSync(path.join(root, '.next', 'dev', 'cache'), { recursive: true, force: true });
  next = spawn(process.execPath, [nextBin, 'dev', '--port', String(appPort)], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...generated,
      NEXT_TELEMETRY_DISABLED: '1',
      // better-auth's own variable for its base URL (the links it builds), when APP_URL does not
      // name it: the URL printed above. Without one it warns at start-up that it will guess it from
      // each request. Its origin checks still accept the origin you browse from (backend/auth/auth.ts).
      ...(env.APP_URL ? {} : { BETTER_AUTH_URL: appUrl }),
    },
  });
  next.on('exit', (code, signal) => {
    if (restarting) return;
    // 130/143: Next stopping on the Ctrl-C/SIGTERM the terminal sent the whole process group.
    if (code && code !== 130 && code !== 143 && signal === null) {
      console.error(`[dev] next dev exited with code ${code}`);
      process.exitCode = code ?? 1;
    }
    void shutdown('next exited');
  });
}
startNext();

// `npm run gen` rewrote the controller or model lists: restart next dev, whose server modules would
// keep the old lists for pages added since (scripts/watchGeneratedLists.ts). The services stay up.
const stopWatching = watchGeneratedLists(generatedListFiles(root, ['controllers', 'db/models']), async (changed) => {
  log(`${changed.map((file) => path.relative(root, file)).join(', ')} changed: restarting next dev`);
  restarting = true;
  if (next) await stopChild(next);
  restarting = false;
  startNext();
});
stops.push({ name: 'the generated-list watcher', stop: async () => stopWatching() });

// --- helpers ---------------------------------------------------------------

async function shutdownWith(message: string): Promise<never> {
  console.error(`[dev] ${message}`);
  process.exitCode = 1;
  await shutdown('error');
  return process.exit();
}

function sessionSecret(): string {
  if (existsSync(SECRET_FILE)) {
    const saved = readFileSync(SECRET_FILE, 'utf8').trim();
    if (saved.length >= 32) return saved;
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(DATA_DIR, { recursive: true });
  writeFileSync(SECRET_FILE, `${secret}\n`, { mode: 0o600 });
  log(`generated SESSION_SECRET into ${shown(SECRET_FILE)}`);
  return secret;
}

/** A PostgreSQL left running on .data/postgres by a dev process that was killed (kill -9). */
async function stopOrphanPostgres(): Promise<void> {
  const pidFile = path.join(PG_DIR, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const command = existsSync(`/proc/${pid}/comm`) ? readFileSync(`/proc/${pid}/comm`, 'utf8').trim() : '';
  if (!pid || !isProcessAlive(pid) || (command && command !== 'postgres')) return;
  log(`stopping a PostgreSQL left running by an earlier dev process (pid ${pid})`);
  process.kill(pid, 'SIGINT');
  for (let i = 0; i < 150 && isProcessAlive(pid); i++) await sleep(100);
}

/** A path as the user would type it from the project folder. */
function shown(file: string): string {
  return path.relative(process.cwd(), file) || '.';
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** True when the app has no users yet (a fresh database). */
async function isEmptyDatabase(url: string): Promise<boolean> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [row] = await client`select not exists (select 1 from users) as empty`;
    return row?.empty === true;
  } finally {
    await client.end({ timeout: 5 });
  }
}

function tsxCli(): string {
  return createRequire(import.meta.url).resolve('tsx/cli');
}
