'use client';
/**
 * The team's not-found page (app/teams/[teamId]/not-found.tsx) for someone
 * who is no longer in the team. It happens to a page left open when the user
 * is removed: on their next click, Next.js keeps the team's layout (it is
 * shared with the page they go to, so it is not rendered again) and only the
 * new page runs `requireTeam`, whose `notFound()` lands here, inside the
 * stale team bar, saying the page "does not exist in this team" with a link
 * back to a team that answers 404 too. Not a missing record, then: the team
 * itself is out of reach. So say so and go home, where the team list is read
 * afresh and the notice is shown (goHomeWithNotice.ts).
 *
 * Asked of the API from the browser, now: the not-found page is rendered with
 * the layout and kept with it, so anything the server put in it is as old as
 * the stale team bar; and it gets no `params` (the id comes from `useParams`).
 * The API answers 404 for a team the caller is not in.
 */
import Link from 'next/link';
import { useParams, useRouter } from 'next/navigation';
import { type ReactNode, useEffect } from 'react';
import { isClientError, TeamController } from '@/controllers/browser';
import { goHomeWithNotice } from '../goHomeWithNotice';

export function LeaveTeamIfNotMember({ children }: { children: ReactNode }) {
  const { teamId } = useParams<{ teamId: string }>();
  const router = useRouter();
  const team = TeamController.use().get(Number(teamId), { staleTime: 0 });
  const gone = isClientError(team.error) && team.error.code === 'NOT_FOUND';
  useEffect(() => {
    if (gone) goHomeWithNotice(router, 'You are no longer a member of that team.');
  }, [gone, router]);
  // Until the answer, nothing: "not found in this team" could be the wrong story.
  if (team.isPending) return null;
  if (!gone) return children;
  // Shown only until the home page opens.
  return (
    <main className="stack">
      <h1>No longer a member</h1>
      <p className="muted">
        You are no longer a member of this team. <Link href="/">Back to your teams</Link>
      </p>
    </main>
  );
}
