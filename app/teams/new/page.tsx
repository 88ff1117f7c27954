/** `/teams/new`: any signed-in user creates a team and becomes its owner. */
import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { NewTeamForm } from '@/app/components/members/NewTeamForm';
import { getCurrentSession } from '@/app/lib/getCurrentSession';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'New team' };

export default async function NewTeamPage() {
  if (!(await getCurrentSession())) redirect(`/sign-in?next=${encodeURIComponent('/teams/new')}`);
  return (
    <main className="page narrow stack">
      <h1>New team</h1>
      <p className="muted">You will be its owner: invite others from its Members page.</p>
      <NewTeamForm />
    </main>
  );
}
