/**
 * Every `/teams/[teamId]/...` page: signed in and a member, else sign-in or
 * 404 (app/lib/requireTeam.ts). Shows the team's name and its sections; add a
 * section to TeamNav.
 */
import type { ReactNode } from 'react';
import { TeamNav } from '@/app/components/TeamNav';
import { requireTeam } from '@/app/lib/requireTeam';

export const dynamic = 'force-dynamic';

export default async function TeamLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ teamId: string }>;
}) {
  const { team, role, isOwner } = await requireTeam((await params).teamId);
  return (
    <div className="page">
      {/* A landmark of its own (a region named "Team"), so no text sits outside one; the skip link passes it. */}
      <section aria-label="Team" className="team-bar">
        <p className="team-name user-text">
          {/* <bdi>: the name's own bidi controls (stored as given) stop at its end, before the role. */}
          <bdi>{team.name}</bdi> <span className="badge">{role}</span>
        </p>
        <TeamNav teamId={team.id} isOwner={isOwner} />
      </section>
      {children}
    </div>
  );
}
