/**
 * Whether a user has a password: a `credential` account (better-auth's email
 * and password sign-in) holding a hash. A user who only signs in through an
 * OAuth provider (`socialProviders` in auth.ts) has none. Deleting an account
 * asks for the password of one that has it, and a recent sign-in of one that
 * does not (accountDeletionProof.ts); the account page asks this to know which
 * to show.
 */
import { and, eq, isNotNull } from 'drizzle-orm';
import { db } from '@/db/database';
import { accounts } from '@/db/schema';

/** better-auth's providerId for email and password accounts. */
const CREDENTIAL_PROVIDER = 'credential';

export async function hasPassword(userId: number): Promise<boolean> {
  const found = await db()
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.userId, userId), eq(accounts.providerId, CREDENTIAL_PROVIDER), isNotNull(accounts.password)))
    .limit(1);
  return found.length === 1;
}
