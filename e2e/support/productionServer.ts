/**
 * This build started the ways a host starts it (`npm start`, `node
 * .next/standalone/server.js`, `next start`), each on a free port of its own,
 * for the specs that test start-up, shutdown and what the server trusts.
 * The environment is a bare production shell's plus what the spec passes:
 * nothing of this test run's own environment leaks in.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from '../../server/testing';

export type ServerKind = 'npm start' | 'standalone' | 'next start';

export const STANDALONE_SERVER = path.join('.next', 'standalone', 'server.js');
const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');

export interface ProductionServer {
  port: number;
  /** `http://127.0.0.1:<port>`. */
  baseURL: string;
  /** Everything it has printed, stdout and stderr interleaved. */
  output(): string;
  /** Its exit code, once it exits (null when a signal ended it). */
  exited: Promise<number | null>;
  /** SIGTERM to the server and whatever it started (npm's child), then its exit code. */
  stop(): Promise<number | null>;
  /** SIGKILL to all of it: for a server that should have exited by itself. */
  kill(): void;
}

/**
 * Starts the server and returns at once: wait for /api/ready or /api/health, or for `exited`.
 * `standaloneDir`: run a copy of `.next/standalone` from there (the deploy artefact, outside the checkout).
 */
export async function startProductionServer(
  kind: ServerKind,
  env: (port: number) => Record<string, string> = () => ({}),
  { standaloneDir }: { standaloneDir?: string } = {},
): Promise<ProductionServer> {
  const port = await freePort(0);
  const [command, args] =
    kind === 'npm start'
      ? ['npm', ['start']]
      : kind === 'standalone'
        ? [process.execPath, [standaloneDir ? path.join(standaloneDir, 'server.js') : STANDALONE_SERVER]]
        : [process.execPath, [nextBin, 'start', '--port', String(port), '--hostname', '127.0.0.1']];
  const child = spawn(command, args, {
    cwd: standaloneDir,
    // Its own process group, so stop() reaches the node process `npm start` runs too.
    detached: true,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      ...env(port),
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  const signal = (name: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(-child.pid, name);
  };
  return {
    port,
    baseURL: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    stop: () => {
      signal('SIGTERM');
      return exited;
    },
    kill: () => signal('SIGKILL'),
  };
}

/**
 * Starts the server for a start-up that must fail: waits for it to exit by
 * itself, killing it after 15 s (then `code` is null: it did not exit by itself).
 */
export async function runUntilExit(
  kind: ServerKind,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  const server = await startProductionServer(kind, () => env);
  const timer = setTimeout(() => server.kill(), 15_000);
  const code = await server.exited;
  clearTimeout(timer);
  return { code, output: server.output(), ms: Date.now() - started };
}
