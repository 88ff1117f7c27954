/**
 * `/sign-in`: email and password (better-auth), links to sign up and to reset
 * a forgotten password, and, where enabled, the one-click dev sign-in as a
 * seeded user. `?next=/path` returns there afterwards; `?reset=done` (after a
 * password reset) says the password was changed.
 */
import type { Metadata } from 'next';
import Link from 'next/link';
import { devLoginEnabled } from '@/env';
import { AuthForm } from '../components/auth/AuthForm';
import { getCurrentSession } from '../lib/getCurrentSession';
import { SignInForm } from './SignInForm';
import { safeNextPath } from './safeNextPath';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<{ next?: string; reset?: string }>;
}) {
  const { next: asked, reset } = await searchParams;
  const next = safeNextPath(asked);
  const session = await getCurrentSession();
  const query = next ? `?next=${encodeURIComponent(next)}` : '';
  return (
    <main className="page narrow">
      <h1>Sign in</h1>
      {/* Where a password reset lands (app/reset-password). */}
      {reset === 'done' && (
        <p role="status" className="notice">
          Your password was changed. Sign in with the new one.
        </p>
      )}
      {session && (
        <p className="muted">
          You are signed in as <bdi>{session.user.name}</bdi>. Sign in again to switch.
        </p>
      )}
      <AuthForm
        label="Password sign-in"
        endpoint="/api/auth/sign-in/email"
        fields={[
          { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
          { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
        ]}
        submitLabel="Sign in with password"
        redirectTo={next ?? '/'}
      />
      <p className="muted">
        New here? <Link href={`/sign-up${query}`}>Create an account</Link> ·{' '}
        <Link href="/forgot-password">Forgot your password?</Link>
      </p>
      {devLoginEnabled && (
        <section className="stack" aria-labelledby="dev-sign-in">
          <h2 id="dev-sign-in">Development: one-click sign-in</h2>
          <SignInForm next={next} />
        </section>
      )}
    </main>
  );
}
