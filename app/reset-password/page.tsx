/**
 * `/reset-password?token=...`: where the mailed link lands (better-auth checks
 * the token, then redirects here). Choosing a new password signs out every
 * session of the account.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { MIN_PASSWORD_LENGTH } from '@/backend/auth/auth';
import { AuthForm } from '../components/auth/AuthForm';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Choose a new password' };

export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<{ token?: string; error?: string }>;
}) {
  const { token, error } = await searchParams;
  return (
    <main className="page narrow">
      <h1>Choose a new password</h1>
      {token && !error ? (
        <AuthForm
          label="Reset password"
          endpoint="/api/auth/reset-password"
          fields={[
            {
              name: 'newPassword',
              label: `New password (${MIN_PASSWORD_LENGTH} characters or more)`,
              type: 'password',
              autoComplete: 'new-password',
            },
          ]}
          extraBody={{ token }}
          submitLabel="Set the new password"
          // The sign-in page says the password was changed.
          redirectTo="/sign-in?reset=done"
          // A link that has expired or was used since the page opened: the way on is a new one.
          failureHelp={<Link href="/forgot-password">Ask for a new link</Link>}
        />
      ) : (
        <p role="alert" className="error">
          This reset link is invalid or has expired. <Link href="/forgot-password">Ask for a new one</Link>.
        </p>
      )}
    </main>
  );
}
