// demo:file (npm run demo:remove deletes this file)
/**
 * Starts bench/raw/rawServer.ts (node:http + postgres.js, prepared) as a
 * child process on a free port, so its CPU is measured apart from Next's.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { stopChild } from '../../scripts/shutdown';
import { freePort } from '../../server/testing';
import type { Cleanup } from '../cleanup';

export interface RawAnchor {
  baseUrl: string;
  pid: number;
  stop(): Promise<void>;
}

export async function startRawAnchor(options: {
  root: string;
  env: Record<string, string>;
  cleanup: Cleanup;
}): Promise<RawAnchor> {
  const port = await freePort(0);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', 'raw', 'rawServer.ts')], {
    cwd: options.root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env, PORT: String(port), NODE_ENV: 'production' },
  });
  child.stderr.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) console.error(`[raw] ${line}`);
  });
  const stop = () => stopChild(child);
  options.cleanup.add('stop the raw anchor', stop);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the raw anchor did not start within 30 s')), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => reject(new Error(`the raw anchor exited with code ${code}`)));
  });
  return { baseUrl: `http://127.0.0.1:${port}`, pid: child.pid as number, stop };
}
