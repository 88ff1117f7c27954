/**
 * The job that delivers one mail (`enqueueMail` queues it). Retries are sized
 * for an SMTP server that is briefly away: the n-th retry waits 5 s x 2^(n-1)
 * to twice that (pg-boss backoff with jitter: 5-10 s, 10-20 s, 20-40 s, ...),
 * so a server down for 20 s gets the mail within a minute of its return, one
 * down for a minute within about two. Ten retries span roughly 1.5 to 3 hours;
 * after the last the job is failed and copied to `mail-delivery.dead`
 * (`npm run jobs` lists it). docs/mail.md.
 *
 * A mail may name its cause (`MailCause`): each attempt first asks whether the
 * cause still wants the mail (`whyNotWanted`). An invitation revoked, declined,
 * replaced, accepted or expired while its mail waited sends nothing: the job
 * completes with a log line saying why.
 */
import { z } from 'zod';
import { Invitation } from '@/db/models';
import { defineJob, logger } from '@/server';
import { sendMail } from '../mailer';

export const MAIL_RETRY = { limit: 10, delaySeconds: 5, backoff: true } as const;

const mailPayload = z.object({
  to: z.string().min(3),
  from: z.string().min(3),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string(),
  // The invitation whose link the mail carries. Optional: other mails, and jobs queued before it existed, have none.
  invitationId: z.number().int().positive().optional(),
});

/** What caused a mail, checked again when its job runs: a mail whose cause has lapsed is not sent. */
export type MailCause = Pick<z.infer<typeof mailPayload>, 'invitationId'>;

export const deliverMail = defineJob({
  name: 'mail-delivery',
  payload: mailPayload,
  retry: MAIL_RETRY,
  // Connecting, greeting and sending are each capped by the transport (backend/mailer.ts).
  timeoutSeconds: 120,
  async handler({ invitationId, ...mail }, { id }) {
    const reason = await whyNotWanted({ invitationId });
    if (reason) {
      logger().info({ jobId: id, to: mail.to, subject: mail.subject, invitationId }, `Mail not sent: ${reason}`);
      return;
    }
    await sendMail(mail);
  },
});

/**
 * Why the mail's cause no longer wants it sent, or null to send it. Checked before each attempt, so a retry
 * after the cause lapsed sends nothing either; a change committed while the mail is being handed to the
 * server does not stop it. A new kind of cause: a field in the payload, and its check here.
 */
async function whyNotWanted({ invitationId }: MailCause): Promise<string | null> {
  if (invitationId !== undefined) {
    const invitation = await Invitation.findBy({ id: invitationId });
    // Revoking, declining and inviting the address again all delete the row: the link no longer works.
    if (!invitation) return 'the invitation no longer exists (revoked, declined or replaced)';
    if (invitation.status === 'accepted') return 'the invitation has been accepted';
    if (invitation.status === 'expired') return 'the invitation has expired';
  }
  return null;
}
