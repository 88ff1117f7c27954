/**
 * The Playwright webServer: a database, an s3rver and the app as `npm start`
 * runs it (the standalone server of the build), all its own, removed again on
 * SIGTERM/SIGINT.
 *
 * - DATABASE_URL set: creates `e2e_<timestamp>` on that server (dropped on exit).
 *   Unset: an embedded PostgreSQL in a temporary folder.
 * - Migrates and seeds that database, starts s3rver on a free port (CORS open
 *   to the app origin) and a mail catcher (SMTP_URL; e2e/support/mailbox.ts
 *   reads it), then `.next/standalone/server.js` on E2E_PORT with
 *   AUTH_DEV_LOGIN=true, E2E_FAULTS=true (/e2e/fault throws) and a test
 *   SESSION_SECRET. Needs a prior `npm run build` (or `next build` and
 *   `tsx scripts/standaloneAssets.ts`).
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runMigrations } from '../db/migrate';
import { withTimeout } from '../server/shared';
import { SERVICES_FILE } from './e2eServices';
import { dropDatabase, ensureDatabase, startEmbeddedPostgres } from './services/embeddedPostgres';
import { onShutdown, stopChild } from './shutdown';

const log = (message: string) => console.log(`[e2e-server] ${message}`);
/**
 * Every request of the run comes from 127.0.0.1, so a limit per client address counts the whole suite as
 * one visitor: sign-ups (10 an hour by default) and invitations per address and per inviter are raised for this server and every other one the specs
 * start on the same database, which holds the counts. The limit itself is tested in backend/rateLimit.
 */
const RUN_LIMITS = {
  RATE_LIMIT_SIGN_UP: '200/1h',
  // The specs invite the same few addresses, as the same few owners, again and again within the hour.
  RATE_LIMIT_INVITATION_ADDRESS: '500/1h',
  RATE_LIMIT_INVITATION_USER: '1000/1h',
};
const port = Number(process.env.E2E_PORT ?? 3100);
const origins = [`http://127.0.0.1:${port}`, `http://localhost:${port}`];
const tempDir = mkdtempSync(path.join(os.tmpdir(), 'template-e2e-'));
// As root the embedded PostgreSQL runs as the `postgres` user, which must reach its data folder.
chmodSync(tempDir, 0o755);

const stops: Array<() => Promise<unknown>> = [async () => rmSync(tempDir, { recursive: true, force: true })];
let next: ReturnType<typeof spawn> | undefined;

const shutdown = onShutdown(async () => {
  if (next) await stopChild(next);
  for (const stop of stops.reverse()) {
    await withTimeout(
      stop().catch((error: unknown) => console.error('[e2e-server] cleanup failed:', error)),
      15_000,
    );
  }
  process.exit();
});

try {
  let databaseUrl: string;
  let embeddedDb = false;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const name = `e2e_${Date.now()}`;
    databaseUrl = await ensureDatabase(serverUrl, name);
    stops.push(() => dropDatabase(serverUrl, name));
    log(`database ${name} on the DATABASE_URL server`);
  } else {
    const pg = await startEmbeddedPostgres({ dir: path.join(tempDir, 'postgres') });
    stops.push(pg.stop);
    databaseUrl = await ensureDatabase(pg.serverUrl, 'app');
    embeddedDb = true;
    log(`embedded PostgreSQL on port ${pg.port}`);
  }
  await runMigrations(databaseUrl);
  const seed = spawnSync(process.execPath, ['--import', 'tsx', 'db/seed.ts'], {
    stdio: 'inherit',
    // A test database, whatever NODE_ENV this process has (db/seed.ts refuses production).
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
  });
  if (seed.status !== 0) throw new Error('db/seed.ts failed');

  const { startS3Server } = await import('../server/testing');
  const s3 = await startS3Server({ dir: path.join(tempDir, 's3'), allowedOrigins: origins });
  stops.push(s3.stop);
  log(`s3rver on ${s3.endpoint}`);

  const { startMailCatcher } = await import('./services/mailCatcher');
  const mail = await startMailCatcher();
  stops.push(mail.stop);
  log(`mail catcher on ${mail.smtpUrl}, API ${mail.apiUrl}`);

  // For specs that start another server on the same services (e2e/standalone.spec.ts),
  // and the mailbox fixture (DEV_MAILBOX_URL).
  mkdirSync(path.dirname(SERVICES_FILE), { recursive: true });
  writeFileSync(
    SERVICES_FILE,
    JSON.stringify({
      DATABASE_URL: databaseUrl,
      ...s3.env,
      SMTP_URL: mail.smtpUrl,
      DEV_MAILBOX_URL: mail.apiUrl,
      ...RUN_LIMITS,
    }),
  );
  stops.push(async () => rmSync(SERVICES_FILE, { force: true }));

  next = spawn(process.execPath, [path.join('.next', 'standalone', 'server.js')], {
    stdio: 'inherit',
    env: {
      ...process.env,
      ...s3.env,
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      // The SDK's notice about Node 20 support, printed on every start; nothing to act on here.
      AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
      DATABASE_URL: databaseUrl,
      EMBEDDED_DB: String(embeddedDb),
      EMBEDDED_S3: 'true',
      AUTH_DEV_LOGIN: 'true',
      // Production requires the public URL: links and origin checks come from it (docs/security.md).
      APP_URL: `http://127.0.0.1:${port}`,
      // As `npm start`: SIGTERM drains requests and closes the pool (server/lifecycle).
      NEXT_MANUAL_SIG_HANDLE: 'true',
      // /e2e/fault throws, for the error page's test (e2e/errors.spec.ts).
      E2E_FAULTS: 'true',
      // Lower than the 64 MiB default, so a 15 MB document goes through multipart (e2e/uploads.spec.ts).
      UPLOAD_MULTIPART_THRESHOLD: String(10 * 1024 * 1024),
      SESSION_SECRET: 'e2e-session-secret-not-for-production-0123456789',
      // Real SMTP to the catcher, through the mail-delivery job (docs/mail.md).
      SMTP_URL: mail.smtpUrl,
      ...RUN_LIMITS,
    },
  });
  next.on('exit', (code) => {
    // 130/143: Next stopping on the SIGINT/SIGTERM that Playwright sends the whole process group.
    if (code && code !== 130 && code !== 143) {
      console.error(`[e2e-server] the server exited with code ${code} (did \`npm run build\` run?)`);
      process.exitCode = code;
    }
    void shutdown('next exited');
  });
} catch (error) {
  console.error('[e2e-server] start-up failed:', error);
  process.exitCode = 1;
  await shutdown('error');
}
