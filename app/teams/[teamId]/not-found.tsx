'use client';
/**
 * 404 inside a team: a record id that does not exist, was deleted, or
 * belongs to another team (the API answers 404 for all three, and so does
 * a page that calls `notFound()` for them). Shown below the team's bar and
 * sections, with a way back into the team. A team you are not a member of is
 * the root app/not-found.tsx.
 * Client component: not-found pages get no `params`, the hook has them.
 */
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { teamHomePath } from '@/app/lib/teamHomePath';

export default function TeamNotFound() {
  const { teamId } = useParams<{ teamId: string }>();
  return (
    <main className="stack">
      <h1>Not found</h1>
      <p className="muted">This does not exist in this team, or it has been deleted.</p>
      <p>
        <Link href={teamHomePath(teamId)}>← Back to the team</Link>
      </p>
    </main>
  );
}
