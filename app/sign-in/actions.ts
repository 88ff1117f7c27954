'use server';
/**
 * Dev sign-in and sign-out as server actions: they write the same sealed
 * iron-session cookie as `POST /api/session` (controllers/session.ts), without
 * a hand-written fetch from the page. Next.js checks the Origin of every
 * server action, so a cross-site form cannot sign a visitor in.
 *
 * Replace `signIn` with your real sign-in (OAuth, password, magic link):
 * whatever proves who the user is ends with `session.userId = user.id`.
 */
import { getIronSession } from 'iron-session';
import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';
import { loadCurrentUser } from '@/controllers/context';
import { type SessionData, sessionOptions } from '@/controllers/session';
import { User } from '@/db/models';
import { devLoginEnabled } from '@/env';
import { requestFromHeaders } from '../lib/requestFromHeaders';

export interface SignInState {
  error?: string;
  email?: string;
}

async function currentSession() {
  return getIronSession<SessionData>(await cookies(), sessionOptions(await requestFromHeaders()));
}

export async function signIn(_previous: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get('email') ?? '').trim();
  if (!devLoginEnabled) return { email, error: 'Dev sign-in is disabled (set AUTH_DEV_LOGIN=true to enable it).' };
  if (!email) return { email, error: 'Enter an email address.' };
  const user = await User.findBy({ email: User.normalizeEmail(email) });
  const loaded = user ? await loadCurrentUser(user.id) : null;
  if (!loaded) return { email, error: `No user with the email ${email}.` };

  const session = await currentSession();
  session.userId = loaded.user.id;
  await session.save();
  // One team: straight to its campaigns. Several (or none): the team picker on the home page.
  const [only, ...others] = loaded.memberships;
  redirect(only && others.length === 0 ? `/teams/${only.teamId}/campaigns` : '/');
}

export async function signOut(): Promise<void> {
  (await currentSession()).destroy();
  redirect('/sign-in');
}
