/**
 * Mail through the queue to a real SMTP server (the dev mail catcher,
 * smtp-server): an invitation's mail arrives with both parts; a rolled-back
 * cause sends nothing; a server that is down for 20 s gets the mail once it
 * is back (retries with backoff), and the last failure lands in the
 * dead-letter queue.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, type DemoWorld, seedDemo } from '@/controllers/testClient';
import { closeDb, db } from '@/db/database';
import { Invitation } from '@/db/models';
import { env } from '@/env';
import { type CaughtMail, type MailCatcher, startMailCatcher } from '@/scripts/services/mailCatcher';
import { type JobRunner, startJobs, transaction } from '@/server';
import { until } from '@/server/testing';
import { deliverMail, MAIL_RETRY } from './deliverMail';
import { enqueueMail } from './enqueueMail';
import { passwordResetMail } from './templates/passwordReset';

let catcher: MailCatcher;
let runner: JobRunner;
let world: DemoWorld;

const mailTo = (to: string) => () => catcher.messages().find((mail: CaughtMail) => mail.to.includes(to));

beforeAll(async () => {
  catcher = await startMailCatcher();
  // env.ts parsed the environment at import; point this process's mail at the catcher.
  Object.assign(env, { SMTP_URL: catcher.smtpUrl, MAIL_TRANSPORT: undefined });
  // biome-ignore lint/style/noProcessEnv: the per-file database of the vitest setup.
  const connectionString = process.env.DATABASE_URL as string;
  runner = await startJobs({ connectionString, jobs: [deliverMail], pollingIntervalSeconds: 0.5 });
  world = await seedDemo();
});
afterAll(async () => {
  await runner?.stop();
  await catcher?.stop();
  await closeDb();
});

describe('mail delivery', () => {
  it('an invitation mails the invitee: text and HTML parts, From MAIL_FROM, the link in both', async () => {
    const response = await api<{ link: string }>('POST', `/teams/${world.acme.id}/invitations`, {
      cookie: world.alice,
      body: { data: { email: 'wendy@example.com' } },
    });
    expect(response.status).toBe(201);
    const mail = await until(mailTo('wendy@example.com'), 15_000, 'the invitation mail');
    expect(mail.subject).toBe('\u2068Alice\u2069 invited you to join \u2068Acme\u2069');
    expect(mail.from).toBe(env.MAIL_FROM);
    expect(mail.text).toContain(response.body.link);
    expect(mail.html).toContain(`href="${response.body.link}"`);
    expect(mail.links).toContain(response.body.link);
  });

  it('a rolled-back cause sends nothing: the job was written by the same transaction', async () => {
    const failed = transaction(async () => {
      await Invitation.create({ teamId: world.acme.id, email: 'rolled@example.com', role: 'member' });
      await enqueueMail('rolled@example.com', passwordResetMail({ email: 'rolled@example.com', link: 'http://x/1' }));
      throw new Error('the cause fails after the mail was queued');
    });
    await expect(failed).rejects.toThrow('the cause fails');
    // A mail queued after it, committed: once it has arrived, the first would have too.
    await transaction(() =>
      enqueueMail('committed@example.com', passwordResetMail({ email: 'committed@example.com', link: 'http://x/2' })),
    );
    await until(mailTo('committed@example.com'), 15_000, 'the committed mail');
    expect(mailTo('rolled@example.com')()).toBeUndefined();
    expect(await Invitation.findBy({ email: 'rolled@example.com' })).toBeNull();
    const queued = await db().execute(
      sql`select count(*)::int as n from pgboss.job where name = 'mail-delivery' and data->>'to' = 'rolled@example.com'`,
    );
    expect(queued[0]?.n).toBe(0);
  });

  it('SMTP down for 20 s: retried with backoff, delivered soon after it is back (well within 2 minutes)', async () => {
    const port = catcher.smtpPort;
    await catcher.stop();
    await enqueueMail('patient@example.com', passwordResetMail({ email: 'patient@example.com', link: 'http://x/3' }));
    const downSince = Date.now();
    // The first attempt fails while the server is away; the job is then waiting for a retry.
    const retries = async () => {
      const rows = await db().execute(
        sql`select retry_count from pgboss.job where name = 'mail-delivery' and data->>'to' = 'patient@example.com'`,
      );
      return Number(rows[0]?.retry_count ?? 0);
    };
    await until(async () => ((await retries()) >= 1 ? true : undefined), 40_000, 'a failed attempt');
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, 20_000 - (Date.now() - downSince))));
    catcher = await startMailCatcher({ smtpPort: port });
    expect(catcher.smtpPort).toBe(port);
    const back = Date.now();
    const mail = await until(mailTo('patient@example.com'), 120_000, 'the mail after the server came back');
    expect(mail.subject).toBe('Reset your password');
    // Delivered by a retry, not by a first attempt that happened to come late.
    expect(await retries()).toBeGreaterThanOrEqual(1);
    // With 5 s doubling (and jitter) the next try after 20 s down is at most ~40 s away.
    expect(Date.now() - back).toBeLessThan(60_000);
  }, 150_000);

  it('after the last try the mail goes to the dead-letter queue', async () => {
    const queue = await runner.boss.getQueue('mail-delivery');
    expect(queue).toMatchObject({
      retryLimit: MAIL_RETRY.limit,
      retryDelay: MAIL_RETRY.delaySeconds,
      retryBackoff: true,
      deadLetter: 'mail-delivery.dead',
    });
  });
});
