// demo:file (npm run demo:remove deletes this file)
/**
 * What `npm run soak` runs against when no `--url` is given: its own
 * PostgreSQL (a fresh database on DATABASE_URL's server, else an embedded
 * one) and s3rver (a child process it can freeze), migrated and seeded with
 * the demo plus 10,000 campaigns, and `next start` of this checkout
 * (`next build` first unless `--skip-build`), with the jobs in the app.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Cleanup } from '../../bench/cleanup';
import { benchTempDir, startBenchServices } from '../../bench/services/benchEnvironment';
import { freePort } from '../../server/testing/freePort';
import { stopChild } from '../shutdown';

/**
 * The memory settings docs/performance.md recommends for a server process:
 * a bounded V8 heap (old space 256 MB, young semi-spaces 8 MB) and two glibc
 * malloc arenas (libvips and the HTTP stack allocate from many threads; the
 * default of 8 per core keeps freed memory in each). Set NODE_OPTIONS or
 * MALLOC_ARENA_MAX (empty for none) to soak other settings.
 */
const SERVER_MEMORY_ENV = {
  NODE_OPTIONS: '--max-old-space-size=256 --max-semi-space-size=8',
  MALLOC_ARENA_MAX: '2',
};

export interface SoakServer {
  baseUrl: string;
  serverPid: number;
  s3Pid: number;
  databaseUrl: string;
  teamId: number;
  readIds: number[];
}

const root = path.resolve(import.meta.dirname, '..', '..');

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')}: exit ${code}`)),
    );
  });
}

export async function startSoakServer(options: {
  cleanup: Cleanup;
  skipBuild: boolean;
  log: (message: string) => void;
}): Promise<SoakServer> {
  const { cleanup, log } = options;
  const tempDir = benchTempDir(cleanup, 'soak');
  const { database, s3, env } = await startBenchServices(cleanup, tempDir);
  // A frozen s3rver must be thawed before it can be stopped.
  cleanup.add('thaw s3rver', () => {
    try {
      process.kill(s3.pid, 'SIGCONT');
    } catch {}
  });
  log(`${database.where}; s3rver (pid ${s3.pid}) on ${s3.endpoint}`);
  const port = await freePort(0);
  const baseUrl = `http://127.0.0.1:${port}`;
  const appEnv: Record<string, string> = {
    ...env,
    APP_URL: baseUrl,
    EMBEDDED_DB: 'false',
    EMBEDDED_S3: 'true',
    MAIL_TRANSPORT: 'log',
    LOG_LEVEL: 'warn',
    // The soak's clients sign in again and again from one address: limits would only turn that into 429s.
    RATE_LIMIT_SIGN_IN_ACCOUNT: 'off',
    RATE_LIMIT_SIGN_IN_IP: 'off',
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    NEXT_TELEMETRY_DISABLED: '1',
  };
  Object.assign(process.env, appEnv);
  const { seedBench } = await import('../../bench/seedBench');
  const world = await seedBench(database.url);
  const { closeDb } = await import('@/db/database');
  await closeDb();
  log('migrated and seeded (demo + 10,000 campaigns)');
  if (!options.skipBuild) {
    log('next build ...');
    await run(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'build'], {
      ...process.env,
      NODE_ENV: 'production',
    });
  }
  const child = spawn(
    process.execPath,
    [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '--port', String(port), '--hostname', '127.0.0.1'],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...SERVER_MEMORY_ENV, ...process.env, ...appEnv, NODE_ENV: 'production' },
    },
  );
  const memoryEnv = Object.keys(SERVER_MEMORY_ENV)
    .map((name) => `${name}="${process.env[name] ?? SERVER_MEMORY_ENV[name as keyof typeof SERVER_MEMORY_ENV]}"`)
    .join(' ');
  log(`next start with ${memoryEnv}`);
  // The app logs JSON at LOG_LEVEL=warn: show its errors (level 50+), not its warnings.
  child.stdout.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (/"level":(50|60)/.test(line)) console.error(`[next] ${line.slice(0, 600)}`);
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) console.error(`[next] ${line.slice(0, 400)}`);
  });
  cleanup.add('stop next start', () => stopChild(child));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start exited with code ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/ready`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('next start was not ready within 60 s');
    await sleep(250);
  }
  return {
    baseUrl,
    serverPid: child.pid as number,
    s3Pid: s3.pid,
    databaseUrl: database.url,
    teamId: world.acmeId,
    readIds: world.acmeCampaignIds.slice(0, 500),
  };
}
