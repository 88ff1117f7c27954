/**
 * `/teams/[teamId]/members`: the members (everyone), and for owners the
 * invite form and the pending invitations.
 */
import type { Metadata } from 'next';
import { InviteForm } from '@/app/components/members/InviteForm';
import { MembersTable } from '@/app/components/members/MembersTable';
import { PendingInvitations } from '@/app/components/members/PendingInvitations';
import { requireTeam } from '@/app/lib/requireTeam';
import { HydrateClient, InvitationController, MemberController } from '@/controllers/serverComponents';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Members' };

export default async function MembersPage({ params }: { params: Promise<{ teamId: string }> }) {
  const { session, team, isOwner } = await requireTeam((await params).teamId);
  await Promise.all([
    MemberController.prefetch({ teamId: team.id }).index({ perPage: 100 }),
    isOwner ? InvitationController.prefetch({ teamId: team.id }).index({ perPage: 100 }) : undefined,
  ]);
  return (
    <main className="stack">
      <h1>Members</h1>
      <HydrateClient>
        <MembersTable teamId={team.id} teamName={team.name} userId={session.user.id} isOwner={isOwner} />
        {isOwner && (
          <>
            <InviteForm teamId={team.id} />
            <PendingInvitations teamId={team.id} />
          </>
        )}
      </HydrateClient>
    </main>
  );
}
