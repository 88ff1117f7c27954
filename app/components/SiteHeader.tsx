/** The top bar: the app's name, and who is signed in with a sign-out button (or a sign-in link). */
import Link from 'next/link';
import { getCurrentSession } from '../lib/getCurrentSession';
import { signOut } from '../sign-in/actions';

export async function SiteHeader() {
  const session = await getCurrentSession();
  return (
    <header className="site-header">
      <Link href="/" className="brand">
        Active Controller Starter
      </Link>
      <nav aria-label="Account" className="account">
        {session ? (
          <>
            <span className="muted" data-testid="signed-in-as">
              {session.user.name}
            </span>
            <form action={signOut}>
              <button type="submit" className="button subtle">
                Sign out
              </button>
            </form>
          </>
        ) : (
          <Link href="/sign-in" className="button subtle">
            Sign in
          </Link>
        )}
      </nav>
    </header>
  );
}
