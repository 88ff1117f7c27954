/** `/teams/[teamId]`: the team's first section (app/lib/teamHomePath.ts), so a bare team URL is never a 404. */
import { redirect } from 'next/navigation';
import { requireTeam } from '@/app/lib/requireTeam';
import { teamHomePath } from '@/app/lib/teamHomePath';

export const dynamic = 'force-dynamic';

export default async function TeamHomePage({ params }: { params: Promise<{ teamId: string }> }) {
  const { team } = await requireTeam((await params).teamId);
  redirect(teamHomePath(team.id));
}
