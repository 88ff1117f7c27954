/**
 * `npm run dev` stops on one Ctrl-C. A terminal's Ctrl-C is a SIGINT to the
 * whole foreground process group, which npm and tsx forward once more each:
 * the dev script must take those as one press, stop Next, s3rver, the mail
 * catcher and the embedded PostgreSQL, and leave no dev-env.json naming a
 * live process. On the way, the app's mail goes to the catcher and the dev
 * mailbox page (/dev/mail) shows it.
 * Runs the real script (embedded services, `next dev`) in a temporary data
 * folder on free ports.
 */
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import nodemailer from 'nodemailer';
import postgres from 'postgres';
import { afterAll, expect, it } from 'vitest';
import { until } from '@/server/testing';
import { type DevEnvFile, isProcessAlive } from './devEnvFile';
import { type DevServer, startDevServer } from './testing/startDevServer';

let dev: DevServer | undefined;
afterAll(() => dev?.stop());

const portOpen = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.end() !== undefined));
    socket.once('error', () => resolve(false));
  });

it('one SIGINT to the process group stops everything within 10 s', async () => {
  // As in a bare container: the cluster must still be UTF8.
  dev = await startDevServer({
    env: { DEV_SEED: 'false' },
    unset: (key) => key === 'LANG' || key.startsWith('LC_'),
  });
  const { appPort, dataDir, output, exited } = dev;
  const envFile = path.join(dataDir, 'dev-env.json');
  await until(
    () => /Ready in|ready on/i.test(output()) && existsSync(envFile),
    90_000,
    `next dev to start:\n${output()}`,
  );
  const written = JSON.parse(readFileSync(envFile, 'utf8')) as DevEnvFile;
  const postmasterPid = Number(readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]);
  expect(isProcessAlive(written.pid)).toBe(true);
  expect(isProcessAlive(postmasterPid)).toBe(true);
  // The port dev actually took: it falls back to another when DEV_S3_PORT was taken meanwhile (parallel test files).
  const s3Listening = Number(new URL(String(written.env.S3_ENDPOINT)).port);
  expect(await portOpen(s3Listening)).toBe(true);
  // The dev database stores text as UTF8 whatever LANG says.
  const sql = postgres(String(written.env.DATABASE_URL), { max: 1, onnotice: () => {} });
  const [row] = await sql`show server_encoding`
    .catch((error: unknown) => {
      throw new Error(`the dev database did not answer (${error}); dev printed:\n${output()}`);
    })
    .finally(() => sql.end({ timeout: 5 }));
  expect(row?.server_encoding).toBe('UTF8');

  // Mail goes to the catcher, and /dev/mail (and its JSON) shows what arrived.
  const smtpListening = Number(new URL(String(written.env.SMTP_URL)).port);
  expect(written.env.DEV_MAILBOX_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  await nodemailer.createTransport({ url: String(written.env.SMTP_URL) }).sendMail({
    from: 'Dev <dev@example.com>',
    to: 'reader@example.com',
    subject: 'Caught in dev',
    text: 'Open http://localhost/x',
    html: '<p>Open <a href="http://localhost/x">this</a></p>',
  });
  const listed = await fetch(`http://127.0.0.1:${appPort}/dev/mail/messages?to=reader@example.com`);
  expect(listed.status).toBe(200);
  const { messages } = (await listed.json()) as { messages: Array<{ subject: string; links: string[] }> };
  expect(messages).toEqual([expect.objectContaining({ subject: 'Caught in dev', links: ['http://localhost/x'] })]);
  const page = await (await fetch(`http://127.0.0.1:${appPort}/dev/mail`)).text();
  expect(page).toContain('Caught in dev');
  expect(page).toMatch(/<iframe[^>]+srcDoc=|<iframe[^>]+srcdoc=/i);

  const signalledAt = Date.now();
  dev.signal('SIGINT');
  const code = await Promise.race([exited, sleep(10_000).then(() => 'timeout' as const)]);
  expect(code, output()).not.toBe('timeout');
  expect(Date.now() - signalledAt).toBeLessThan(10_000);
  expect(output()).not.toMatch(/again: exiting without waiting/);

  expect(isProcessAlive(postmasterPid)).toBe(false);
  expect(isProcessAlive(written.pid)).toBe(false);
  expect(await portOpen(s3Listening)).toBe(false);
  expect(await portOpen(smtpListening)).toBe(false);
  expect(await portOpen(appPort)).toBe(false);
  // Removed, or at least naming no live process.
  if (existsSync(envFile)) {
    const left = JSON.parse(readFileSync(envFile, 'utf8')) as DevEnvFile;
    expect(isProcessAlive(left.pid)).toBe(false);
  }
}, 150_000);
