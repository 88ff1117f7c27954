/** The "reset your password" mail (sent by better-auth's forgot-password flow, backend/auth/auth.ts). Edit the wording here. */
import { buttonHtml, escapeHtml, layoutHtml, type MailContent } from '../layout';

export function passwordResetMail({ email, link }: { email: string; link: string }): MailContent {
  const subject = 'Reset your password';
  return {
    subject,
    text: [
      `Someone asked to reset the password of ${email}.`,
      '',
      'Open this link within an hour to choose a new one:',
      link,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ].join('\n'),
    html: layoutHtml(
      subject,
      `<p>Someone asked to reset the password of <strong>${escapeHtml(email)}</strong>.</p>` +
        '<p>Open this link within an hour to choose a new one:</p>' +
        buttonHtml(link, 'Choose a new password') +
        '<p>If it was not you, ignore this mail: your password stays as it is.</p>',
    ),
  };
}
