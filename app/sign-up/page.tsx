/** `/sign-up`: create an account (better-auth, email and password) and be signed in. `?next=` as on /sign-in. */
import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthForm } from '../components/auth/AuthForm';
import { safeNextPath } from '../sign-in/safeNextPath';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Create an account · Active Controller Starter' };

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
            label: 'Password (8 characters or more)',
            type: 'password',
            autoComplete: 'new-password',
          },
        ]}
        submitLabel="Create account"
        redirectTo={next ?? '/'}
      />
      <p className="muted">
        Already have an account?{' '}
        <Link href={next ? `/sign-in?next=${encodeURIComponent(next)}` : '/sign-in'}>Sign in</Link>
      </p>
    </main>
  );
}
