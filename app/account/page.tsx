/** `/account`: your name, your password, your sessions (ending them all asks first), and deleting the account. */
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { DELETION_SIGN_IN_WINDOW_SECONDS } from '@/backend/auth/accountDeletionProof';
import { MIN_PASSWORD_LENGTH } from '@/backend/auth/auth';
import { hasPassword } from '@/backend/auth/hasPassword';
import { ChangeNameForm } from '../components/account/ChangeNameForm';
import { DeleteAccount } from '../components/account/DeleteAccount';
import { AuthForm } from '../components/auth/AuthForm';
import { SignOutEverywhere } from '../components/auth/SignOutEverywhere';
import { getCurrentSession } from '../lib/getCurrentSession';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Account' };

export default async function AccountPage() {
  const session = await getCurrentSession();
  if (!session) redirect('/sign-in?next=/account');
  // An account that signs in only through an OAuth provider has no password to change or to give.
  const withPassword = await hasPassword(Number(session.user.id));
  return (
    <main className="page narrow">
      <h1>Account</h1>
      <p className="muted">
        {/* <bdi>: a right-to-left override in the name cannot reverse the email after it. */}
        Signed in as <bdi>{session.user.name}</bdi> ({session.user.email}).
      </p>
      <ChangeNameForm currentName={session.user.name} />
      <section className="stack" aria-labelledby="change-password">
        <h2 id="change-password">Change password</h2>
        {withPassword ? (
          <AuthForm
            label="Change password"
            endpoint="/api/auth/change-password"
            fields={[
              {
                name: 'currentPassword',
                label: 'Current password',
                type: 'password',
                autoComplete: 'current-password',
              },
              {
                name: 'newPassword',
                label: `New password (${MIN_PASSWORD_LENGTH} characters or more)`,
                type: 'password',
                autoComplete: 'new-password',
              },
            ]}
            extraBody={{ revokeOtherSessions: true }}
            submitLabel="Change password"
            successMessage="Password changed. Your other devices were signed out."
          />
        ) : (
          <p className="muted">Your account has no password: you sign in through your provider.</p>
        )}
      </section>
      <section className="stack" aria-labelledby="sessions">
        <h2 id="sessions">Sessions</h2>
        <p className="muted">
          Lost a device, or signed in somewhere you should not have? End every session, this one too.
        </p>
        <SignOutEverywhere />
      </section>
      <DeleteAccount hasPassword={withPassword} signInWindowMinutes={DELETION_SIGN_IN_WINDOW_SECONDS / 60} />
    </main>
  );
}
