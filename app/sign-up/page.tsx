/**
 * `/sign-up`: create an account (better-auth, email and password) and be signed in. `?next=` as on /sign-in.
 * With REQUIRE_EMAIL_VERIFICATION=true the account starts unverified: the page says to open the mailed
 * link, which signs the user in and goes on to `next` (docs/mail.md).
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { MIN_PASSWORD_LENGTH } from '@/backend/auth/auth';
import { env } from '@/env';
import { AuthForm } from '../components/auth/AuthForm';
import { safeNextPath } from '../sign-in/safeNextPath';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Create an account' };

export default async function SignUpPage({ searchParams }: { searchParams: Promise<{ next?: string }> }) {
  const next = safeNextPath((await searchParams).next);
  return (
    <main className="page narrow">
      <h1>Create an account</h1>
      <AuthForm
        label="Sign up"
        endpoint="/api/auth/sign-up/email"
        fields={[
          { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
          { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
          {
            name: 'password',
            label: `Password (${MIN_PASSWORD_LENGTH} characters or more)`,
            type: 'password',
            autoComplete: 'new-password',
          },
        ]}
        submitLabel="Create account"
        {...(env.REQUIRE_EMAIL_VERIFICATION
          ? {
              // Where the mailed link lands once the address is confirmed.
              extraBody: { callbackURL: next ?? '/' },
              successMessage: 'Almost done: we mailed you a link to confirm your email address. Open it to sign in.',
            }
          : { redirectTo: next ?? '/' })}
      />
      <p className="muted">
        Already have an account?{' '}
        <Link href={next ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in'}>Sign in</Link>
      </p>
    </main>
  );
}
