'use server';
/**
 * Dev sign-in and sign-out as server actions: they start and end the same
 * database-backed session as `POST` / `DELETE /api/session`
 * (controllers/session.ts), without a hand-written fetch from the page.
 * Next.js checks the Origin of every server action, so a cross-site form
 * cannot sign a visitor in. Password sign-in is better-auth's
 * (/api/auth/sign-in/email, called by PasswordSignInForm).
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { loadCurrentUser } from '@/controllers/context';
import { endSession, type SessionCookie, startSession } from '@/controllers/session';
import { User } from '@/db/models';
import { devLoginEnabled } from '@/env';
import { requestFromHeaders } from '../lib/requestFromHeaders';
import { safeNextPath } from './safeNextPath';

export interface SignInState {
  error?: string;
  email?: string;
}

async function setSessionCookie({ name, value, ...options }: SessionCookie): Promise<void> {
  (await cookies()).set(name, value, options);
}

export async function signIn(_previous: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get('email') ?? '').trim();
  if (!devLoginEnabled) return { email, error: 'Dev sign-in is disabled (set AUTH_DEV_LOGIN=true to enable it).' };
  if (!email) return { email, error: 'Enter an email address.' };
  const user = await User.findBy({ email: User.normalizeEmail(email) });
  const loaded = user ? await loadCurrentUser({ userId: user.id }) : null;
  if (!loaded) return { email, error: `No user with the email ${email}.` };

  await setSessionCookie(await startSession(await requestFromHeaders(), loaded.user.id));
  const next = safeNextPath(form.get('next'));
  if (next) redirect(next);
  // One team: straight to its campaigns. Several (or none): the team picker on the home page.
  const [only, ...others] = loaded.memberships;
  redirect(only && others.length === 0 ? `/teams/${only.teamId}/campaigns` : '/');
}

/** Signs out: the session row is deleted, so the old cookie is worthless even if copied. */
export async function signOut(): Promise<void> {
  await setSessionCookie(await endSession(await requestFromHeaders()));
  redirect('/sign-in');
}
