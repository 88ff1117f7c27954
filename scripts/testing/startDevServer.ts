/**
 * The real `npm run dev` on its zero-config path (embedded PostgreSQL,
 * s3rver, mail catcher, generated secret, `next dev`) in a temporary data
 * folder, every port free and its own, for the tests of what a newcomer's
 * first `npm run dev` does. None of the test run's own settings leak in:
 * its database, bucket, secret, mail transport and log level are dropped.
 */
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../server/testing';

export interface DevServer {
  appPort: number;
  /** `http://localhost:<appPort>`, as a newcomer opens it. */
  baseURL: string;
  /** DEV_DATA_DIR: dev-env.json and the services' data. */
  dataDir: string;
  /** Everything it has printed, stdout and stderr interleaved. */
  output(): string;
  /** Its exit code, once it exits (null when a signal ended it). */
  exited: Promise<number | null>;
  /** A signal to the whole process group, as a terminal's Ctrl-C sends it; nothing once it has exited. */
  signal(name: NodeJS.Signals): void;
  /** Ctrl-C, SIGKILL to whatever is left after 15 s, and the data folder removed. */
  stop(): Promise<void>;
}

/** The test run's own settings, which would take dev off its zero-config path. */
const DROPPED = [
  'DATABASE_URL',
  'SESSION_SECRET',
  'SMTP_URL',
  'MAIL_TRANSPORT',
  'APP_URL',
  'LOG_LEVEL',
  'AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED',
];

export async function startDevServer({
  env = {},
  unset = () => false,
}: {
  /** Added to the environment (DEV_SEED: 'false' skips the seed). */
  env?: Record<string, string>;
  /** More variables to remove, such as LANG for a bare container. */
  unset?: (key: string) => boolean;
} = {}): Promise<DevServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dev-server-'));
  chmodSync(dataDir, 0o755); // as root the embedded server runs as `postgres`, which must reach its folder
  const [appPort, pgPort, s3Port, smtpPort, mailboxPort] = [
    await freePort(0),
    await freePort(0),
    await freePort(0),
    await freePort(0),
    await freePort(0),
  ];
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    DEV_DATA_DIR: dataDir,
    PORT: String(appPort),
    DEV_PG_PORT: String(pgPort),
    DEV_S3_PORT: String(s3Port),
    DEV_SMTP_PORT: String(smtpPort),
    DEV_MAILBOX_PORT: String(mailboxPort),
    NODE_ENV: 'development',
    ...env,
  };
  for (const key of Object.keys(childEnv)) {
    if (DROPPED.includes(key) || key.startsWith('S3_') || key.startsWith('VITEST') || unset(key)) {
      delete childEnv[key];
    }
  }

  let output = '';
  // Its own process group, so a signal reaches npm, dev.ts, Next and the services alike.
  const child = spawn('npm', ['run', 'dev'], { env: childEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const signal = (name: NodeJS.Signals) => {
    try {
      if (child.pid) process.kill(-child.pid, name);
    } catch {} // ESRCH: the group has gone
  };
  return {
    appPort,
    baseURL: `http://localhost:${appPort}`,
    dataDir,
    output: () => output,
    exited,
    signal,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        signal('SIGINT');
        await Promise.race([exited, sleep(15_000)]);
      }
      signal('SIGKILL'); // the services, should dev have left any behind
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
