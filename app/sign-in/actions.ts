'use server';
/**
 * Dev sign-in and sign-out as server actions: they start and end the same
 * database-backed session as `POST` / `DELETE /api/session`, through the same
 * rule (backend/devSignIn.ts: who may, from where), without a
 * hand-written fetch from the page. Next.js checks the Origin of every server
 * action too. Password sign-in is better-auth's (/api/auth/sign-in/email,
 * posted by the AuthForm on app/sign-in/page.tsx).
 */
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { type DevSignedIn, devSignIn } from '@/backend/devSignIn';
import { endSession, type SessionCookie } from '@/backend/session';
import { AppError } from '@/server';
import { requestFromHeaders } from '../lib/requestFromHeaders';
import { teamHomePath } from '../lib/teamHomePath';
import { safeNextPath } from './safeNextPath';

export interface SignInState {
  error?: string;
  email?: string;
}

async function setSessionCookie({ name, value, ...options }: SessionCookie): Promise<void> {
  (await cookies()).set(name, value, options);
}

export async function signIn(_previous: SignInState, form: FormData): Promise<SignInState> {
  // Anyone can call an action with any arguments (its id is in the page); only the form's are read.
  if (!(form instanceof FormData)) return { error: 'Send the sign-in form.' };
  const email = String(form.get('email') ?? '').trim();
  let loaded: DevSignedIn;
  try {
    loaded = await devSignIn(await requestFromHeaders(), { email });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 400)
      return { email, error: email ? 'Enter a valid email address.' : 'Enter an email address.' };
    if (error.status === 401) return { email, error: `No user with the email ${email}.` };
    return { email, error: `${error.message}.` };
  }
  await setSessionCookie(loaded.cookie);
  const next = safeNextPath(form.get('next'));
  if (next) redirect(next);
  // One team: straight into it. Several (or none): the team picker on the home page.
  const [only, ...others] = loaded.memberships;
  redirect(only && others.length === 0 ? teamHomePath(only.teamId) : '/');
}

/** Signs out: the session row is deleted, so the old cookie is worthless even if copied. */
export async function signOut(): Promise<void> {
  await setSessionCookie(await endSession(await requestFromHeaders()));
  redirect('/sign-in');
}
