/** The "your password was changed" notice, after a change (account page) or a reset. Edit the wording here. */
import { buttonHtml, escapeHtml, layoutHtml, type MailContent } from '../layout';

export function passwordChangedMail({ email, resetLink }: { email: string; resetLink: string }): MailContent {
  const subject = 'Your password was changed';
  return {
    subject,
    text: [
      `The password of ${email} was just changed.`,
      '',
      'If you did this, there is nothing to do.',
      'If you did not, reset your password now and check your account:',
      resetLink,
    ].join('\n'),
    html: layoutHtml(
      subject,
      `<p>The password of <strong>${escapeHtml(email)}</strong> was just changed.</p>` +
        '<p>If you did this, there is nothing to do. If you did not, reset your password now and check your account:</p>' +
        buttonHtml(resetLink, 'Reset my password'),
    ),
  };
}
