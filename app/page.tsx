/**
 * The home page: what this template is, and the way in (sign in, then pick a
 * team). Replace it with your own landing page.
 */
import Link from 'next/link';
import { appName } from '@/appName';
import { PageNotice } from './components/PageNotice';
import { getCurrentSession } from './lib/getCurrentSession';
import { teamHomePath } from './lib/teamHomePath';

export const dynamic = 'force-dynamic';

export default async function HomePage() {
  const session = await getCurrentSession();
  return (
    <main className="page narrow home">
      <h1>{appName}</h1>
      <p className="muted">
        A Next.js full-stack template: declarative controllers that serve both tRPC and REST, a thin model layer over
        drizzle and PostgreSQL, and S3 file attachments. Everything runs locally with no configuration.
      </p>
      {/* Deleting the account lands here: "Your account was deleted, ..." (account/DeleteAccount.tsx). */}
      {!session && <PageNotice focusId="sign-in-link" />}
      {session ? (
        <section aria-labelledby="teams-heading" className="card">
          <h2 id="teams-heading" tabIndex={-1}>
            Your teams
          </h2>
          {/* Leaving a team lands here: "You left Acme." */}
          <PageNotice focusId="teams-heading" />
          {session.teams.length === 0 ? (
            <p className="muted">You are not a member of any team yet.</p>
          ) : (
            <ul className="team-list">
              {session.teams.map((team) => (
                <li key={team.id}>
                  <Link href={teamHomePath(team.id)} className="user-text">
                    {team.name}
                  </Link>{' '}
                  <span className="badge">{team.role}</span>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link href="/teams/new" className="button">
              New team
            </Link>
          </p>
        </section>
      ) : (
        <p>
          <Link href="/sign-in" className="button" id="sign-in-link">
            Sign in
          </Link>
          {/* demo:begin */} <span className="muted">and try the demo as one of its seeded users, with one click.</span>
          {/* demo:end */}
        </p>
      )}
      <ul>
        <li>
          <a href="/api/health">/api/health</a>: is the database up, and which storage is in use
        </li>
        <li>
          Edit <code>app/page.tsx</code>, add controllers in <code>controllers/</code> and tables in{' '}
          <code>db/schema.ts</code>
        </li>
      </ul>
    </main>
  );
}
