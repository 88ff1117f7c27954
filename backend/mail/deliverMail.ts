/**
 * The job that delivers one mail (`enqueueMail` queues it). Retries are sized
 * for an SMTP server that is briefly away: the n-th retry waits 5 s x 2^(n-1)
 * to twice that (pg-boss backoff with jitter: 5-10 s, 10-20 s, 20-40 s, ...),
 * so a server down for 20 s gets the mail within a minute of its return, one
 * down for a minute within about two. Ten retries span roughly 1.5 to 3 hours;
 * after the last the job is failed and copied to `mail-delivery.dead`
 * (`npm run jobs` lists it). docs/mail.md.
 */
import { z } from 'zod';
import { defineJob } from '@/server';
import { sendMail } from '../mailer';

export const MAIL_RETRY = { limit: 10, delaySeconds: 5, backoff: true } as const;

const mailPayload = z.object({
  to: z.string().min(3),
  from: z.string().min(3),
  subject: z.string().min(1),
  text: z.string(),
  html: z.string(),
});

export const deliverMail = defineJob({
  name: 'mail-delivery',
  payload: mailPayload,
  retry: MAIL_RETRY,
  // Connecting, greeting and sending are each capped by the transport (backend/mailer.ts).
  timeoutSeconds: 120,
  async handler(mail) {
    await sendMail(mail);
  },
});
