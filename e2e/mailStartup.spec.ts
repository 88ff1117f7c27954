/**
 * A production server must know where mail goes: `next start` with neither
 * SMTP_URL nor MAIL_TRANSPORT exits non-zero naming both; with
 * MAIL_TRANSPORT=log (an explicit "only log mails") it starts and is ready.
 * Runs the real `next start` of this build on the e2e run's database.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { readE2eServices } from '../scripts/e2eServices';
import { freePort } from '../server/testing';
import { expect, test } from './support/test';

const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');

async function nextStart(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; output: () => string }> {
  const port = await freePort(0);
  const { DATABASE_URL } = readE2eServices();
  const child = spawn(process.execPath, [nextBin, 'start', '--port', String(port), '--hostname', '127.0.0.1'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      DATABASE_URL: DATABASE_URL ?? '',
      SESSION_SECRET: 'mail-startup-secret-not-for-production-0123456',
      APP_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  return { child, port, output: () => output };
}

test('without SMTP_URL or MAIL_TRANSPORT, next start exits non-zero naming both', async () => {
  const server = await nextStart({});
  const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
  const code = await new Promise<number | null>((resolve) => server.child.on('exit', resolve));
  clearTimeout(timer);
  expect(code, server.output()).not.toBe(0);
  expect(code, 'killed by the test instead of exiting by itself').not.toBeNull();
  expect(server.output()).toContain('The server cannot start');
  expect(server.output()).toContain('SMTP_URL or MAIL_TRANSPORT=log');
});

test('with MAIL_TRANSPORT=log it starts and is ready', async ({ playwright }) => {
  const server = await nextStart({ MAIL_TRANSPORT: 'log' });
  try {
    const api = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${server.port}` });
    await expect
      .poll(async () => (await api.get('/api/health').catch(() => undefined))?.status(), { timeout: 20_000 })
      .toBe(200);
    expect(server.output()).not.toContain('SMTP_URL');
    await api.dispose();
  } finally {
    server.child.kill('SIGKILL');
  }
});
