/** The invitation to join a team (controllers/InvitationController.ts). Edit the wording here. */
import { buttonHtml, escapeHtml, layoutHtml, type MailContent } from '../layout';

export interface InvitationMailData {
  inviterName: string;
  teamName: string;
  role: string;
  link: string;
  expiresAt: Date;
}

export function invitationMail({ inviterName, teamName, role, link, expiresAt }: InvitationMailData): MailContent {
  const subject = `${inviterName} invited you to join ${teamName}`;
  return {
    subject,
    text: [
      `${inviterName} invited you to join the team ${teamName} as ${role}.`,
      '',
      `Accept the invitation: ${link}`,
      '',
      `The link works once and expires on ${expiresAt.toUTCString()}.`,
      'If you did not expect this email, you can ignore it.',
    ].join('\n'),
    html: layoutHtml(
      subject,
      `<p>${escapeHtml(inviterName)} invited you to join the team <strong>${escapeHtml(teamName)}</strong> as ${escapeHtml(role)}.</p>` +
        buttonHtml(link, 'Accept the invitation') +
        `<p>The link works once and expires on ${escapeHtml(expiresAt.toUTCString())}. ` +
        'If you did not expect this email, you can ignore it.</p>',
    ),
  };
}
