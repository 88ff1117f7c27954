/**
 * An invitation's mail is checked when its job runs, not only when it was
 * queued: invitations revoked, declined, accepted or expired while the mail
 * waited in the queue send nothing (their link no longer works), and the job
 * completes with a log line saying why. A pending invitation's mail, and a
 * mail job queued before jobs carried an invitation id, are sent as before.
 *
 * The mails are queued by an enqueue-only runner (a web instance beside a
 * worker), the invitations changed, then a working runner takes the queue,
 * against a real SMTP server (the dev mail catcher).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api, type DemoWorld, seedDemo, signIn } from '@/controllers/testClient';
import { closeDb, db } from '@/db/database';
import { Invitation } from '@/db/models';
import { env } from '@/env';
import { type CaughtMail, type MailCatcher, startMailCatcher } from '@/scripts/services/mailCatcher';
import { enqueue, type JobRunner, startJobs } from '@/server';
import { captureLog, type LogCapture, until } from '@/server/testing';
import { deliverMail } from './deliverMail';
import { passwordResetMail } from './templates/passwordReset';

let catcher: MailCatcher;
let runner: JobRunner | undefined;
let world: DemoWorld;
let log: LogCapture;

// biome-ignore lint/style/noProcessEnv: the per-file database of the vitest setup.
const connectionString = () => process.env.DATABASE_URL as string;

const mailsTo = (to: string) => catcher.messages().filter((mail: CaughtMail) => mail.to.includes(to));

/** The state of each mail-delivery job, by recipient. */
async function jobStates(): Promise<Map<string, string>> {
  const rows = await db().execute<{ to: string; state: string }>(
    sql`select data->>'to' as "to", state from pgboss.job where name = 'mail-delivery'`,
  );
  return new Map(rows.map((row) => [row.to, row.state]));
}

async function invite(cookie: string, teamId: number, email: string): Promise<number> {
  const response = await api<{ id: number }>('POST', `/teams/${teamId}/invitations`, {
    cookie,
    body: { data: { email } },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body.id;
}

beforeAll(async () => {
  catcher = await startMailCatcher();
  // env.ts parsed the environment at import; point this process's mail at the catcher.
  Object.assign(env, { SMTP_URL: catcher.smtpUrl, MAIL_TRANSPORT: undefined });
  // Enqueue only: the mails wait in the queue while the invitations change.
  runner = await startJobs({ connectionString: connectionString(), jobs: [deliverMail], work: false });
  world = await seedDemo();
  log = captureLog();
});
afterAll(async () => {
  log?.stop();
  await runner?.stop();
  await catcher?.stop();
  await closeDb();
});

it('sends the mail of a pending invitation, and nothing for one revoked, declined, accepted or expired meanwhile', async () => {
  await invite(world.alice, world.acme.id, 'pending@example.com');
  const revoked = await invite(world.alice, world.acme.id, 'revoked@example.com');
  const expired = await invite(world.alice, world.acme.id, 'expired@example.com');
  // Carol is invited to Acme and declines; Bob is invited to Globex and accepts.
  await invite(world.alice, world.acme.id, 'carol@example.com');
  await invite(world.carol, world.globex.id, 'bob@example.com');
  // A job queued before mail jobs named their invitation: no id, sent as it always was.
  await enqueue(deliverMail, {
    to: 'legacy@example.com',
    from: env.MAIL_FROM,
    ...passwordResetMail({ email: 'legacy@example.com', link: 'http://x/legacy' }),
  });
  expect([...(await jobStates()).values()]).toEqual(Array(6).fill('created'));

  expect((await api('DELETE', `/teams/${world.acme.id}/invitations/${revoked}`, { cookie: world.alice })).status).toBe(
    200,
  );
  await Invitation.where({ id: expired }).updateAll({ expiresAt: new Date(Date.now() - 1_000) });
  const [carolToken, bobToken] = [mailToken('carol@example.com'), mailToken('bob@example.com')];
  const declined = await api('POST', '/invitations/decline', {
    cookie: await signIn('carol@example.com'),
    body: { token: await carolToken },
  });
  expect(declined.status, JSON.stringify(declined.body)).toBe(200);
  const accepted = await api('POST', '/invitations/accept', { cookie: world.bob, body: { token: await bobToken } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

  // A worker takes the queue now.
  await runner?.stop();
  runner = await startJobs({ connectionString: connectionString(), jobs: [deliverMail], pollingIntervalSeconds: 0.5 });
  await until(
    async () => ([...(await jobStates()).values()].every((state) => state === 'completed') ? true : undefined),
    20_000,
    'every mail job to complete',
  );

  expect(mailsTo('pending@example.com')).toHaveLength(1);
  expect(mailsTo('legacy@example.com')).toHaveLength(1);
  for (const to of ['revoked@example.com', 'expired@example.com', 'carol@example.com', 'bob@example.com']) {
    expect(mailsTo(to), to).toEqual([]);
  }
  const skipped = log.lines.filter((line) => line.msg.startsWith('Mail not sent'));
  expect(new Map(skipped.map((line) => [line.to, line.msg]))).toEqual(
    new Map([
      ['revoked@example.com', 'Mail not sent: the invitation no longer exists (revoked, declined or replaced)'],
      ['expired@example.com', 'Mail not sent: the invitation has expired'],
      ['carol@example.com', 'Mail not sent: the invitation no longer exists (revoked, declined or replaced)'],
      ['bob@example.com', 'Mail not sent: the invitation has been accepted'],
    ]),
  );
  expect(skipped.find((line) => line.to === 'revoked@example.com')).toMatchObject({ invitationId: revoked });
});

/** The token of the invitation mail queued for `to`, read from its job (the link is in the text). */
async function mailToken(to: string): Promise<string> {
  const rows = await db().execute<{ text: string }>(
    sql`select data->>'text' as text from pgboss.job where name = 'mail-delivery' and data->>'to' = ${to}`,
  );
  const token = /\/invitations\/([\w-]+)/.exec(rows[0]?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation link in the mail to ${to}`);
  return token;
}
