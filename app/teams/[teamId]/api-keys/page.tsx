/** `/teams/[teamId]/api-keys`: owners manage the team's API keys; members are told they cannot (the API says 403). */
import type { Metadata } from 'next';
import { ApiKeysManager } from '@/app/components/apiKeys/ApiKeysManager';
import { requireTeam } from '@/app/lib/requireTeam';
import { APIKeyController, HydrateClient } from '@/controllers/serverComponents';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'API keys' };

export default async function ApiKeysPage({ params }: { params: Promise<{ teamId: string }> }) {
  const { team, isOwner } = await requireTeam((await params).teamId);
  if (isOwner) await APIKeyController.prefetch({ teamId: team.id }).index({ perPage: 100 });
  return (
    <main className="stack">
      <h1>API keys</h1>
      {isOwner ? (
        <HydrateClient>
          <ApiKeysManager teamId={team.id} />
        </HydrateClient>
      ) : (
        <p className="notice">Only team owners can manage API keys.</p>
      )}
    </main>
  );
}
