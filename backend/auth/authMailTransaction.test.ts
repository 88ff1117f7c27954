/**
 * A reset token and the mail it causes commit together: better-auth's writes
 * join the app's transaction (auth.ts), and the mailing endpoints run in one
 * (authRoutes.ts). A PostgreSQL trigger refuses the mail's job row for one
 * address: that request must leave no token behind.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { closeDb, db } from '@/db/database';
import { demoSeeder } from '@/db/demoSeed';
import { User } from '@/db/models';
import { type JobRunner, startJobs } from '@/server';
import { captureLog } from '@/server/testing';
import { deliverMail } from '../mail/deliverMail';
import { auth } from './auth';
import { createAuthRoutes } from './authRoutes';

const authRoutes = createAuthRoutes();
const ORIGIN = 'http://localhost';
let runner: JobRunner;

beforeAll(async () => {
  await demoSeeder.run();
  // Built outside any transaction, as a server builds it: the adapter must still join later ones.
  auth();
  // With a job runner, a mail is a pgboss.job row written by the caller's transaction.
  // biome-ignore lint/style/noProcessEnv: the per-file database of the vitest setup.
  runner = await startJobs({ connectionString: process.env.DATABASE_URL as string, jobs: [deliverMail], work: false });
  await db().execute(sql`
    create function refuse_bobs_mail() returns trigger language plpgsql as $$
    begin
      if new.name = 'mail-delivery' and new.data->>'to' = 'bob@example.com' then
        raise exception 'the mail queue refuses this job';
      end if;
      return new;
    end $$`);
  await db().execute(
    sql`create trigger refuse_bobs_mail before insert on pgboss.job for each row execute function refuse_bobs_mail()`,
  );
});
afterAll(async () => {
  await runner?.stop();
  await closeDb();
});

function requestReset(email: string) {
  return authRoutes.POST(
    new Request(`${ORIGIN}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN, 'x-forwarded-for': '198.51.100.9' },
      body: JSON.stringify({ email, redirectTo: '/reset-password' }),
    }),
  );
}

async function tokensOf(email: string): Promise<number> {
  const user = (await User.findBy({ email })) as User;
  const rows = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from verifications where value = ${String(user.id)}`,
  );
  return rows[0]?.n ?? 0;
}

async function queuedMailsTo(email: string): Promise<number> {
  const rows = await db().execute<{ n: number }>(
    sql`select count(*)::int as n from pgboss.job where name = 'mail-delivery' and data->>'to' = ${email}`,
  );
  return rows[0]?.n ?? 0;
}

it('a reset request writes its token and queues its mail together', async () => {
  const response = await requestReset('alice@example.com');
  expect(response.status, await response.clone().text()).toBe(200);
  expect(await tokensOf('alice@example.com')).toBe(1);
  expect(await queuedMailsTo('alice@example.com')).toBe(1);
});

it('when the mail cannot be queued, the token is rolled back with it, and the failure is an error line', async () => {
  const log = captureLog();
  const response = await requestReset('bob@example.com');
  log.stop();
  expect(response.status).toBeGreaterThanOrEqual(500);
  // One error line for the failure (better-auth's own about it is a warning).
  expect(log.lines.filter((line) => line.level >= 50)).toHaveLength(1);
  expect(await queuedMailsTo('bob@example.com')).toBe(0);
  expect(await tokensOf('bob@example.com')).toBe(0);
});
