/**
 * `npm run mail:check -- you@example.com`: sends one mail now, through the transport the app would use
 * (SMTP_URL, the provider your setMailer installs, or the log), and says whether it left. For a new
 * deployment or changed SMTP settings: a wrong host or password otherwise shows only as a failed
 * `mail-delivery` job an hour later (`npm run jobs`). It sends directly, not through the queue, so the
 * answer is this transport's, now. Exit 0 when the transport took the mail, 1 when it refused or failed.
 */
import { wireApp } from '../backend/app';
import { sendMail } from '../backend/mailer';
import { env, mailTransport } from '../env';

const to = process.argv[2];
if (!to || !/^[^\s@]+@[^\s@]+$/.test(to)) {
  console.error('usage: npm run mail:check -- <address to send a test mail to>');
  process.exit(2);
}

wireApp();
const transport = mailTransport(env) ?? 'log';
const where = transport === 'smtp' ? `SMTP (${new URL(env.SMTP_URL ?? '').host})` : transport;
try {
  await sendMail({
    to,
    subject: 'Test mail',
    text: `This is a test mail from ${env.APP_URL ?? 'the app'}, sent by npm run mail:check. Mail from the app reaches you.`,
    html: `<p>This is a test mail from ${env.APP_URL ?? 'the app'}, sent by <code>npm run mail:check</code>. Mail from the app reaches you.</p>`,
  });
} catch (error) {
  console.error(`mail:check: ${where} refused the mail: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
if (transport === 'log') {
  console.log(
    `mail:check: the mail went to the log, not to ${to} (MAIL_TRANSPORT=log, or no SMTP_URL): nothing was sent.`,
  );
} else {
  console.log(`mail:check: ${where} accepted the mail to ${to}; look for "Test mail" there (and in spam).`);
}
process.exit(0);
