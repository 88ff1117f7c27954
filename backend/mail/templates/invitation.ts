/** The invitation to join a team (controllers/InvitationController.ts). Edit the wording here. */
import { buttonHtml, escapeHtml, layoutHtml, type MailContent, nameInText } from '../layout';

export interface InvitationMailData {
  inviterName: string;
  teamName: string;
  role: string;
  link: string;
  expiresAt: Date;
}

export function invitationMail({ inviterName, teamName, role, link, expiresAt }: InvitationMailData): MailContent {
  // Names are user text, stored with any bidi controls in them: isolated, a right-to-left override in one
  // cannot reverse the words after it (FSI ... PDI in the subject, which is also the HTML's heading, and
  // the text part; <bdi> in the HTML body, where a line break is only a space).
  const inviter = nameInText(inviterName);
  const team = nameInText(teamName);
  const subject = `${inviter} invited you to join ${team}`;
  return {
    subject,
    text: [
      `${inviter} invited you to join the team ${team} as ${role}.`,
      '',
      `Accept the invitation: ${link}`,
      '',
      `The link works once and expires on ${expiresAt.toUTCString()}.`,
      'If you did not expect this email, you can ignore it.',
    ].join('\n'),
    html: layoutHtml(
      subject,
      `<p><bdi>${escapeHtml(inviterName)}</bdi> invited you to join the team <strong><bdi>${escapeHtml(teamName)}</bdi></strong> as ${escapeHtml(role)}.</p>` +
        buttonHtml(link, 'Accept the invitation') +
        `<p>The link works once and expires on ${escapeHtml(expiresAt.toUTCString())}. ` +
        'If you did not expect this email, you can ignore it.</p>',
    ),
  };
}
