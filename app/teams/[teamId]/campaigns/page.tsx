/**
 * `/teams/[teamId]/campaigns`: the list. Prefetches the page the URL asks
 * for and the stats on the server (in-process, no HTTP), so the client
 * components render with data at once; they take over from there.
 */
import type { Metadata } from 'next';
import { CampaignsView } from '@/app/components/campaigns/CampaignsView';
import { fromSearchParams, indexOptions, parseListState } from '@/app/components/campaigns/listQuery';
import { requireTeam } from '@/app/lib/requireTeam';
import { CampaignController, HydrateClient } from '@/controllers/server';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Campaigns · Active Controller Starter' };

export default async function CampaignsPage({
  params,
  searchParams,
}: {
  params: Promise<{ teamId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { team, isOwner } = await requireTeam((await params).teamId);
  const state = parseListState(fromSearchParams(await searchParams));
  const campaigns = CampaignController.prefetch({ teamId: team.id });
  await Promise.all([campaigns.index(indexOptions(state)), campaigns.indexStats()]);
  return (
    <HydrateClient>
      <CampaignsView teamId={team.id} isOwner={isOwner} />
    </HydrateClient>
  );
}
