/**
 * A fresh `npm run dev` prints no line that looks like an error while
 * nothing is wrong: the real script (embedded PostgreSQL and S3, generated
 * secret, `next dev`) in a temporary data folder on free ports, through its
 * start and the first requests that build better-auth (/api/auth/get-session)
 * and the S3 client (/api/ready checks the bucket). Those used to print
 * Next's `⨯ serverMinification`, better-auth's "Base URL is not set" and the
 * AWS SDK's Node 22 notice. `npm start`'s side: e2e/cleanConsole.spec.ts.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../server/testing';
import { errorLookingLines } from './consoleCheck';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dev-console-'));
chmodSync(dataDir, 0o755); // as root the embedded server runs as `postgres`, which must reach its folder
let dev: ChildProcess | undefined;

afterAll(async () => {
  if (dev?.pid && dev.exitCode === null) {
    const exited = new Promise((resolve) => dev?.once('exit', resolve));
    process.kill(-dev.pid, 'SIGINT');
    await Promise.race([exited, sleep(15_000)]);
  }
  try {
    if (dev?.pid) process.kill(-dev.pid, 'SIGKILL');
  } catch {} // ESRCH: everything stopped, as it should
  rmSync(dataDir, { recursive: true, force: true });
});

async function get(url: string, timeoutMs: number): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const status = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) }).then(
      (response) => response.status,
      () => 0,
    );
    if (status !== 0 || Date.now() > deadline) return status;
    await sleep(250);
  }
}

it('prints no error-looking line through start-up and the first requests', async () => {
  const [appPort, pgPort, s3Port] = [await freePort(0), await freePort(0), await freePort(0)];
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DEV_DATA_DIR: dataDir,
    PORT: String(appPort),
    DEV_PG_PORT: String(pgPort),
    DEV_S3_PORT: String(s3Port),
    DEV_SEED: 'false',
    NODE_ENV: 'development',
  };
  // The zero-config path, and none of the test run's own settings (the SDK notice's switch included).
  for (const key of Object.keys(env)) {
    if (
      [
        'DATABASE_URL',
        'SESSION_SECRET',
        'APP_URL',
        'LOG_LEVEL',
        'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED',
      ].includes(key) ||
      key.startsWith('S3_') ||
      key.startsWith('VITEST')
    ) {
      delete env[key];
    }
  }
  let output = '';
  dev = spawn('npm', ['run', 'dev'], { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  dev.stdout?.on('data', (chunk) => (output += chunk));
  dev.stderr?.on('data', (chunk) => (output += chunk));

  const base = `http://localhost:${appPort}`;
  // Each first request compiles its route: minutes on a loaded machine.
  expect(await get(`${base}/api/ready`, 150_000), output).toBe(200);
  expect(await get(`${base}/api/auth/get-session`, 60_000), output).toBe(200);
  await sleep(1_000); // notices are printed on the next tick
  expect(output).toMatch(/Ready in/);
  expect(errorLookingLines(output), output).toEqual([]);
}, 240_000);
