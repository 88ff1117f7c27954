/**
 * `npm run mail:check -- <address>` against a real SMTP server (the dev mail catcher) and against a port
 * nothing listens on: the mail arrives and the script exits 0, or it names the failure and exits 1.
 */
import { spawn } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { freePort } from '@/server/testing';
import { type MailCatcher, startMailCatcher } from './services/mailCatcher';

let catcher: MailCatcher;
beforeAll(async () => {
  catcher = await startMailCatcher();
});
afterAll(() => catcher.stop());

/**
 * The script run as production runs it, with this SMTP_URL. Not spawnSync: the catcher answers from this
 * process, whose event loop must keep running.
 */
async function mailCheck(args: string[], smtpUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/mailCheck.ts', ...args], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: process.env.DATABASE_URL,
      APP_URL: 'https://app.example.com',
      SMTP_URL: smtpUrl,
      LOG_LEVEL: 'silent',
    },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const status = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  return { status, stdout, stderr };
}

it('sends one mail through SMTP_URL now and says where it went', async () => {
  const result = await mailCheck(['ops@example.com'], catcher.smtpUrl);
  expect(result.status, result.stderr).toBe(0);
  expect(result.stdout).toContain('mail:check: SMTP (127.0.0.1:');
  expect(result.stdout).toContain('accepted the mail to ops@example.com');
  const [mail] = catcher.messages();
  expect(mail).toMatchObject({ to: ['ops@example.com'], subject: 'Test mail' });
  expect(mail?.text).toContain('from https://app.example.com');
});

it('names the failure and exits 1 when the server cannot be reached, with no stack trace', async () => {
  const closed = await freePort();
  const result = await mailCheck(['ops@example.com'], `smtp://127.0.0.1:${closed}`);
  expect(result.status).toBe(1);
  expect(result.stderr).toContain(`mail:check: SMTP (127.0.0.1:${closed}) refused the mail: `);
  expect(result.stderr).toContain('ECONNREFUSED');
  expect(result.stderr).not.toMatch(/\n\s+at /);
});

it('asks for an address', async () => {
  const result = await mailCheck([], catcher.smtpUrl);
  expect(result.status).toBe(2);
  expect(result.stderr).toContain('usage: npm run mail:check -- <address');
});
