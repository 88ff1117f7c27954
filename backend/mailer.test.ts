/** The mailer: a configured one receives each mail; without one, mails are kept for tests and logged. */
import { afterEach, describe, expect, it } from 'vitest';
import { env } from '@/env';
import { clearSentMails, type Mail, sendMail, sentMails, setMailer } from './mailer';

afterEach(() => {
  setMailer(null);
  clearSentMails();
});

const mail: Mail = {
  to: 'dave@example.com',
  subject: 'Hello',
  text: 'Open http://localhost/invitations/abc',
  html: '<p>Open <a href="http://localhost/invitations/abc">the invitation</a></p>',
};

describe('sendMail', () => {
  it('goes through the configured mailer', async () => {
    const delivered: Mail[] = [];
    setMailer(async (sent) => {
      delivered.push(sent);
    });
    await sendMail(mail);
    // MAIL_FROM fills in the sender.
    expect(delivered).toEqual([{ ...mail, from: env.MAIL_FROM }]);
    expect(sentMails()).toEqual([{ ...mail, from: env.MAIL_FROM }]);
  });

  it('rejects when the mailer fails (the caller decides what a failure means)', async () => {
    setMailer(async () => {
      throw new Error('SMTP down');
    });
    await expect(sendMail(mail)).rejects.toThrow('SMTP down');
  });

  it('MAIL_TRANSPORT=custom without a mailer rejects (the job retries) instead of dropping the mail', async () => {
    const chosen = env.MAIL_TRANSPORT;
    Object.assign(env, { MAIL_TRANSPORT: 'custom' });
    try {
      await expect(sendMail(mail)).rejects.toThrow(/no mailer is set/);
    } finally {
      Object.assign(env, { MAIL_TRANSPORT: chosen });
    }
  });

  it('without a mailer, keeps the last 20 mails (outside production), oldest first', async () => {
    for (let i = 0; i < 25; i++) await sendMail({ ...mail, subject: `#${i}` });
    const kept = sentMails();
    expect(kept).toHaveLength(20);
    expect(kept[0]?.subject).toBe('#5');
    expect(kept[19]?.subject).toBe('#24');
    clearSentMails();
    expect(sentMails()).toEqual([]);
  });
});
