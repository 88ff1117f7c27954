/**
 * The signal wiring, in a process of its own (it exits): a process manager
 * often delivers SIGTERM more than once (systemd signals every process of the
 * service, and `npm run worker`'s launchers relay it to the worker again). The
 * first starts the drain; a repeat must not end the process before its
 * cleanups ran (a job in flight would stay `active` until pg-boss expires it).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const shutdownModule = path.join(import.meta.dirname, 'shutdown.ts');

const script = `
import { installShutdown, onShutdown } from ${JSON.stringify(shutdownModule)};
installShutdown({ log: (message) => console.log(message) });
onShutdown('slow cleanup', async () => {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  console.log('cleanup finished');
});
console.log('ready');
setInterval(() => {}, 1000);
`;

it('drains and runs the cleanups when SIGTERM comes again while stopping', { timeout: 30_000 }, async () => {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script]);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  try {
    while (!output.includes('ready')) await new Promise((resolve) => setTimeout(resolve, 50));
    child.kill('SIGTERM');
    while (!output.includes('draining')) await new Promise((resolve) => setTimeout(resolve, 20));
    child.kill('SIGTERM');
    child.kill('SIGINT');
    expect(await exited, output).toEqual({ code: 0, signal: null });
    expect(output).toContain('cleanup finished');
  } finally {
    clearTimeout(timer);
  }
});

it('exits 1 by the end of its budget when a cleanup never finishes', { timeout: 30_000 }, async () => {
  const hanging = `
import { installShutdown, onShutdown } from ${JSON.stringify(shutdownModule)};
installShutdown({ timeoutMs: 500, log: (message) => console.log(message) });
onShutdown('stuck cleanup', () => new Promise(() => setInterval(() => {}, 1000)));
console.log('ready');
setInterval(() => {}, 1000);
`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', hanging]);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  try {
    while (!output.includes('ready')) await new Promise((resolve) => setTimeout(resolve, 50));
    const signalled = performance.now();
    child.kill('SIGTERM');
    expect(await exited, output).toEqual({ code: 1, signal: null });
    expect(performance.now() - signalled).toBeLessThan(5_000);
    expect(output).toContain('stuck cleanup still running at the end of the 500 ms shutdown budget');
  } finally {
    clearTimeout(timer);
  }
});
