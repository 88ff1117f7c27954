'use server';
/** The dev mailbox's "Empty" button (a server action: Next checks its Origin). Does nothing in production. */
import { revalidatePath } from 'next/cache';
import { clearDevMails, devMailboxAllowed } from './devMailbox';

export async function emptyDevMailbox(): Promise<void> {
  if (!devMailboxAllowed()) return;
  await clearDevMails();
  revalidatePath('/dev/mail');
}
