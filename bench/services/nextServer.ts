// demo:file (npm run demo:remove deletes this file)
/**
 * `next start` on the bench's build, with the bench's database, s3rver and a
 * fixed session secret. Ready when /api/health answers 200 (the database is
 * reachable); its stderr (handler errors) is shown prefixed with [next].
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { stopChild } from '../../scripts/shutdown';
import { freePort } from '../../server/testing';
import type { Cleanup } from '../cleanup';

const READY_TIMEOUT_MS = 60_000;

export interface NextServer {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startNextServer(options: {
  appDir: string;
  env: Record<string, string>;
  cleanup: Cleanup;
}): Promise<NextServer> {
  const port = await freePort(0);
  const nextBin = path.join(options.appDir, 'node_modules', 'next', 'dist', 'bin', 'next');
  // To profile the server under the bench's load: BENCH_NEXT_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/next-prof'
  // (written when the bench stops the server; read it with bench/profileSummary.ts).
  const nodeArgs = process.env.BENCH_NEXT_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...nodeArgs, nextBin, 'start', '--port', String(port), '--hostname', '127.0.0.1'],
    {
      cwd: options.appDir,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        // Production requires the public URL (links and origin checks, docs/security.md).
        APP_URL: `http://127.0.0.1:${port}`,
        ...options.env,
        NODE_ENV: 'production',
        NEXT_TELEMETRY_DISABLED: '1',
      },
    },
  );
  child.stderr.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) console.error(`[next] ${line}`);
  });
  const stop = () => stopChild(child);
  options.cleanup.add('stop next start', stop);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with code ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) return { baseUrl, pid: child.pid as number, stop };
    await sleep(200);
  }
  throw new Error('next start did not answer /api/health within 60 s');
}
