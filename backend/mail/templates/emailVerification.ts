/** The "confirm your email" mail (REQUIRE_EMAIL_VERIFICATION=true, sent on sign-up). Edit the wording here. */
import { buttonHtml, escapeHtml, layoutHtml, type MailContent } from '../layout';

export function emailVerificationMail({ email, link }: { email: string; link: string }): MailContent {
  const subject = 'Confirm your email address';
  return {
    subject,
    text: [
      `Confirm that ${email} is your address to finish creating your account:`,
      link,
      '',
      'The link works for an hour. If you did not sign up, ignore this mail.',
    ].join('\n'),
    html: layoutHtml(
      subject,
      `<p>Confirm that <strong>${escapeHtml(email)}</strong> is your address to finish creating your account.</p>` +
        buttonHtml(link, 'Confirm my email') +
        '<p>The link works for an hour. If you did not sign up, ignore this mail.</p>',
    ),
  };
}
