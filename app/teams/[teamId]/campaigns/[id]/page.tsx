// demo:file (npm run demo:remove deletes this file)
/**
 * `/teams/[teamId]/campaigns/[id]`: one campaign, titled with its name.
 * Loads it on the server first: a campaign of another team (or none) is the
 * API's 404, shown as the not-found page. Its score and first posts are
 * prefetched alongside.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CampaignDetail } from '@/app/components/campaign/CampaignDetail';
import { requireTeam } from '@/app/lib/requireTeam';
import { CampaignController, HydrateClient, PostController } from '@/controllers/serverComponents';
import { env } from '@/env';
import { findCampaign } from './findCampaign';

export const dynamic = 'force-dynamic';

interface Props {
  params: Promise<{ teamId: string; id: string }>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { teamId, id } = await params;
  const { team } = await requireTeam(teamId);
  const campaign = await findCampaign(team.id, id);
  return { title: campaign ? campaign.name : 'Not found' };
}

export default async function CampaignPage({ params }: Props) {
  const { teamId, id } = await params;
  const { team, isOwner } = await requireTeam(teamId);
  const campaign = await findCampaign(team.id, id);
  if (!campaign) notFound();
  const scope = { teamId: team.id };
  await Promise.all([
    CampaignController.prefetch(scope).indexScore(campaign.id),
    PostController.prefetch({ ...scope, campaignId: campaign.id }).index({ page: 1, perPage: 5 }),
  ]);
  return (
    <HydrateClient>
      <CampaignDetail
        teamId={team.id}
        campaignId={campaign.id}
        isOwner={isOwner}
        multipartThreshold={env.UPLOAD_MULTIPART_THRESHOLD}
      />
    </HydrateClient>
  );
}
