/** The top bar: the app's name, and who is signed in with a sign-out button (or a sign-in link). */
import Link from 'next/link';
import { unstable_rethrow } from 'next/navigation';
import { appName } from '@/appName';
import { logger } from '@/server/log';
import { type CurrentSession, getCurrentSession } from '../lib/getCurrentSession';
import { signOut } from '../sign-in/actions';

/**
 * The session, or `undefined` when it could not be read (database down, or
 * without the app's tables). The header sits in the root layout, where a
 * throw would replace the whole document (app/global-error.tsx); instead it
 * shows no account and lets the page fail below it, so app/error.tsx shows
 * the message inside the usual frame (pages that need the session read the
 * same cached call and fail there).
 */
async function sessionOrUnknown(): Promise<CurrentSession | null | undefined> {
  try {
    return await getCurrentSession();
  } catch (error) {
    // Next's own signals (dynamic rendering, redirect, notFound) are not failures: let them through.
    unstable_rethrow(error);
    // Through the logger (a JSON line in production, without the values of a failed query), not the console.
    logger().error({ err: error }, 'SiteHeader could not read the session');
    return undefined;
  }
}

export async function SiteHeader() {
  const session = await sessionOrUnknown();
  return (
    <header className="site-header">
      <Link href="/" className="brand">
        {appName}
      </Link>
      <nav aria-label="Account" className="account">
        {session ? (
          <>
            {/* user-text isolates the name: a right-to-left override in it stays inside the link. */}
            <Link href="/account" className="muted user-text" data-testid="signed-in-as">
              {session.user.name}
            </Link>
            <form action={signOut}>
              <button type="submit" className="button subtle">
                Sign out
              </button>
            </form>
          </>
        ) : session === undefined ? null : (
          <Link href="/sign-in" className="button subtle">
            Sign in
          </Link>
        )}
      </nav>
    </header>
  );
}
