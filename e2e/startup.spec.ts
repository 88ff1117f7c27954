/**
 * `npm start` refuses bad configuration before it serves: it exits non-zero
 * within 5 s with one message naming every missing or invalid variable,
 * instead of printing "Ready" and answering 500 on every route. Runs the real
 * `npm start` (the standalone server.js of this build, behind its launcher),
 * and `next start` of the same build, with a stripped environment.
 */
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { freePort } from '../server/testing';
import { expect, test } from './support/test';

const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');

const standaloneServer = path.join('.next', 'standalone', 'server.js');

async function start(
  env: Record<string, string>,
  server: 'next start' | 'standalone' | 'npm start' = 'next start',
): Promise<{ code: number | null; output: string; ms: number }> {
  const port = await freePort(0);
  const started = Date.now();
  const [command, args] =
    server === 'npm start'
      ? ['npm', ['start']]
      : server === 'standalone'
        ? [process.execPath, [standaloneServer]]
        : [process.execPath, [nextBin, 'start', '--port', String(port), '--hostname', '127.0.0.1']];
  const child = spawn(command, args, {
    // Only what a bare shell has: no DATABASE_URL, SESSION_SECRET or S3_*.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      HOSTNAME: '127.0.0.1',
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  clearTimeout(timer);
  return { code, output, ms: Date.now() - started };
}

test('with no environment, next start exits non-zero within 5 s naming the missing variables', async () => {
  const result = await start({});
  expect(result.code, result.output).not.toBe(0);
  expect(result.code, 'killed by the test instead of exiting by itself').not.toBeNull();
  expect(result.ms).toBeLessThan(5_000);
  expect(result.output).toContain('The server cannot start');
  expect(result.output).toMatch(/DATABASE_URL/);
  expect(result.output).toMatch(/SESSION_SECRET/);
});

test('npm start with no environment prints no "Ready" and exits non-zero, naming what is missing', async () => {
  const result = await start({}, 'npm start');
  expect(result.code, result.output).not.toBe(0);
  expect(result.code, 'killed by the test instead of exiting by itself').not.toBeNull();
  expect(result.ms).toBeLessThan(5_000);
  expect(result.output).toContain('The server cannot start');
  expect(result.output).toMatch(/DATABASE_URL: missing/);
  expect(result.output).toMatch(/SESSION_SECRET: missing/);
  // Nothing that reads as success, and not Next's `next start` warning about standalone builds.
  expect(result.output).not.toMatch(/Ready|Next\.js|Local:/);
  expect(result.output).not.toMatch(/output: standalone/);
});

test('the standalone server refuses the same way', async () => {
  const result = await start({ S3_ENDPOINT: 'not a url' }, 'standalone');
  expect(result.code, result.output).not.toBe(0);
  expect(result.code, 'killed by the test instead of exiting by itself').not.toBeNull();
  expect(result.ms).toBeLessThan(5_000);
  expect(result.output).toMatch(/DATABASE_URL/);
  // Every variable env.ts declares is checked, not only the required ones.
  expect(result.output).toMatch(/S3_ENDPOINT/);
  expect(result.output).not.toMatch(/Ready/);
});

test('storage is all or none: a bucket without its keys stops the start, naming the keys', async () => {
  const result = await start({
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
    SESSION_SECRET: 'x'.repeat(32),
    S3_BUCKET: 'uploads',
  });
  expect(result.code, result.output).not.toBe(0);
  expect(result.ms).toBeLessThan(5_000);
  expect(result.output).toMatch(/S3_ACCESS_KEY_ID: missing \(S3_\* are all or none/);
  expect(result.output).toContain('S3_SECRET_ACCESS_KEY');
  expect(result.output).not.toMatch(/DATABASE_URL: missing/);
});

test('an invalid variable is named together with the missing ones', async () => {
  const result = await start({ S3_ENDPOINT: 'not a url', S3_MAX_UPLOAD_SIZE: '-1' });
  expect(result.code, result.output).not.toBe(0);
  expect(result.ms).toBeLessThan(5_000);
  for (const name of ['S3_ENDPOINT', 'S3_MAX_UPLOAD_SIZE', 'DATABASE_URL', 'SESSION_SECRET']) {
    expect(result.output).toContain(name);
  }
});
