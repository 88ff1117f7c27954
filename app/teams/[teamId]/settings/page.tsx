// demo:file (npm run demo:remove deletes this file)
/** `/teams/[teamId]/settings`: the team's settings (a singleton resource). */
import type { Metadata } from 'next';
import { TeamSettingsForm } from '@/app/components/settings/TeamSettingsForm';
import { requireTeam } from '@/app/lib/requireTeam';
import { HydrateClient, TeamSettingsController } from '@/controllers/serverComponents';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Team settings' };

export default async function SettingsPage({ params }: { params: Promise<{ teamId: string }> }) {
  const { team, isOwner } = await requireTeam((await params).teamId);
  await TeamSettingsController.prefetch({ teamId: team.id }).get();
  return (
    <main className="stack narrow-content">
      <h1>Team settings</h1>
      <HydrateClient>
        <TeamSettingsForm teamId={team.id} isOwner={isOwner} />
      </HydrateClient>
    </main>
  );
}
