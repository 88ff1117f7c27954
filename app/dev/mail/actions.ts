'use server';
/**
 * The dev mailbox's "Empty" button. Does nothing where the page is a 404 (in
 * production, or under a host name a DNS-rebinding page can take). Next's own
 * check of a server action does not cover the latter: it compares Origin with
 * Host, and a rebinding page names both alike.
 */
import { revalidatePath } from 'next/cache';
import { requestFromHeaders } from '@/app/lib/requestFromHeaders';
import { clearDevMails, devMailboxAllowed } from './devMailbox';

export async function emptyDevMailbox(): Promise<void> {
  if (!devMailboxAllowed(await requestFromHeaders())) return;
  await clearDevMails();
  revalidatePath('/dev/mail');
}
