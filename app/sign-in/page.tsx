/** `/sign-in`: pick a seeded user (dev sign-in). Signed-in users see who they are and can switch. */
import type { Metadata } from 'next';
import { getCurrentSession } from '../lib/getCurrentSession';
import { SignInForm } from './SignInForm';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Sign in · Active Controller Starter' };

export default async function SignInPage() {
  const session = await getCurrentSession();
  return (
    <main className="page narrow">
      <h1>Sign in</h1>
      {session && <p className="muted">You are signed in as {session.user.name}. Pick another user to switch.</p>}
      <SignInForm />
    </main>
  );
}
