/**
 * 404 inside a team: a record id that does not exist, was deleted, or
 * belongs to another team (the API answers 404 for all three, and so does
 * a page that calls `notFound()` for them). Shown below the team's bar and
 * sections, with a way back into the team, and titled "Not found". A team
 * you are not a member of is the root app/not-found.tsx on a fresh visit; a
 * page left open after you were removed from the team lands here on its next
 * click instead, and is sent home with a notice (LeaveTeamIfNotMember.tsx).
 */
import type { Metadata } from 'next';
import { BackToTeamLink } from '@/app/components/errors/BackToTeamLink';
import { LeaveTeamIfNotMember } from '@/app/components/errors/LeaveTeamIfNotMember';

export const metadata: Metadata = { title: 'Not found' };

export default function TeamNotFound() {
  return (
    <LeaveTeamIfNotMember>
      <main className="stack">
        <h1>Not found</h1>
        <p className="muted">This does not exist in this team, or it has been deleted.</p>
        <p>
          <BackToTeamLink />
        </p>
      </main>
    </LeaveTeamIfNotMember>
  );
}
