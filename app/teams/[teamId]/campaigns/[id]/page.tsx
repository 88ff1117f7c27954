// demo:file (npm run demo:remove deletes this file)
/**
 * `/teams/[teamId]/campaigns/[id]`: one campaign. Loads it on the server
 * first: a campaign of another team (or none) is the API's 404, shown as the
 * not-found page. Its score and first posts are prefetched alongside.
 */
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { CampaignDetail } from '@/app/components/campaign/CampaignDetail';
import { requireTeam } from '@/app/lib/requireTeam';
import { isClientError } from '@/controllers/browser';
import { CampaignController, HydrateClient, PostController } from '@/controllers/serverComponents';
import { env } from '@/env';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Campaign' };

export default async function CampaignPage({ params }: { params: Promise<{ teamId: string; id: string }> }) {
  const { teamId, id } = await params;
  const { team, isOwner } = await requireTeam(teamId);
  const campaignId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : Number.NaN;
  if (!Number.isSafeInteger(campaignId)) notFound();
  const scope = { teamId: team.id };
  try {
    await CampaignController.fetch(scope).get(campaignId);
  } catch (error) {
    // 400 too: an id beyond the integer range.
    if (isClientError(error) && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')) notFound();
    throw error;
  }
  await Promise.all([
    CampaignController.prefetch(scope).indexScore(campaignId),
    PostController.prefetch({ ...scope, campaignId }).index({ page: 1, perPage: 5 }),
  ]);
  return (
    <HydrateClient>
      <CampaignDetail
        teamId={team.id}
        campaignId={campaignId}
        isOwner={isOwner}
        multipartThreshold={env.UPLOAD_MULTIPART_THRESHOLD}
      />
    </HydrateClient>
  );
}
