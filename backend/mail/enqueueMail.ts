/**
 * Queues a mail for the `mail-delivery` job. Inside `transaction()` the job is
 * written by that transaction: the mail exists only if what caused it (the
 * invitation, the token) is committed, and a rollback sends nothing. The
 * request never waits for SMTP, so a mail server that is down never fails it.
 *
 * `cause` names what the mail is about (an invitation): the job checks it
 * again when it runs, and sends nothing once it has lapsed (deliverMail.ts).
 *
 * A process without a job runner (a unit test, a one-off script) sends the
 * mail directly once the transaction has committed, logging a failure.
 */
import { env } from '@/env';
import { afterCommit, currentJobRunner, enqueue, logger } from '@/server';
import { sendMail } from '../mailer';
import { deliverMail, type MailCause } from './deliverMail';
import type { MailContent } from './layout';

export async function enqueueMail(to: string, content: MailContent, cause: MailCause = {}): Promise<void> {
  const mail = { to, from: env.MAIL_FROM, ...content };
  if (currentJobRunner()) {
    await enqueue(deliverMail, { ...mail, ...cause });
    return;
  }
  await afterCommit(() =>
    sendMail(mail).catch((error: unknown) =>
      logger().error({ err: error, to, subject: mail.subject }, 'Sending a mail failed (no job runner to retry it)'),
    ),
  );
}
