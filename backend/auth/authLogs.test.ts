/**
 * What a client sent to the auth endpoints stays out of the log when the
 * database fails under them: a reset token in the URL, a session token in the
 * cookie. Real requests through /api/auth (better-auth) and /api/session, with
 * the table they read renamed away; every line they cause is read back,
 * better-auth's own (its arguments under `details`) and what its router prints
 * on the console (routed to the logger, as in production).
 */

import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { sessionRoutes, signIn } from '@/controllers/testClient';
import { closeDb, db } from '@/db/database';
import { demoSeeder } from '@/db/demoSeed';
import { routeConsoleToLogger } from '@/server/log';
import { captureLog } from '@/server/testing';
import { createAuthRoutes } from './authRoutes';

const authRoutes = createAuthRoutes();
const ORIGIN = 'http://localhost';
const log = captureLog();
const { lines } = log;
const consoleMethods = { ...console };

beforeAll(() => demoSeeder.run());
afterAll(closeDb);
beforeEach(() => {
  log.clear();
  routeConsoleToLogger();
});
afterEach(() => {
  Object.assign(console, consoleMethods);
});

async function withTableGone<T>(table: string, fn: () => Promise<T>): Promise<T> {
  await db().execute(sql.raw(`alter table ${table} rename to ${table}_gone`));
  try {
    return await fn();
  } finally {
    await db().execute(sql.raw(`alter table ${table}_gone rename to ${table}`));
  }
}

it('a reset token in the URL: the failed lookup is logged without it', async () => {
  const token = 'FAKERESETTOKEN0123456789';
  const response = await withTableGone('verifications', () =>
    authRoutes.GET(new Request(`${ORIGIN}/api/auth/reset-password/${token}?callbackURL=%2Freset-password`)),
  );
  expect(response.status).toBeGreaterThanOrEqual(500);
  const logged = JSON.stringify(lines);
  expect(logged).toContain('Failed query'); // the failure is in the log...
  expect(logged).not.toContain(token); // ...its values are not
});

it('a session token in the cookie: neither the app nor better-auth logs it', async () => {
  const cookie = await signIn('alice@example.com');
  const sessionToken = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0] ?? '';
  expect(sessionToken.length).toBeGreaterThan(16);
  await withTableGone('sessions', async () => {
    expect((await sessionRoutes.GET(new Request(`${ORIGIN}/api/session`, { headers: { cookie } }))).status).toBe(500);
    const own = await authRoutes.GET(new Request(`${ORIGIN}/api/auth/get-session`, { headers: { cookie } }));
    expect(own.status).toBeGreaterThanOrEqual(500);
  });
  const logged = JSON.stringify(lines);
  expect(logged).toContain('Failed query');
  expect(logged).not.toContain(sessionToken);
});

afterAll(() => log.stop());
