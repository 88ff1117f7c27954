// demo:file (npm run demo:remove deletes this file)
'use client';
/**
 * One campaign: its status and score, actions, the edit form, logo,
 * documents and video, and posts. Reads `get` (prefetched by the server page); every
 * mutation of CampaignController refreshes it. Once `get` answers 404 (deleted), the
 * team's not-found page, not the last copy cached.
 */
import Link from 'next/link';
import { CampaignController } from '@/controllers/browser';
import { MULTIPART_THRESHOLD } from '@/server/client';
import { ErrorMessage } from '../ErrorMessage';
import { formatBudget, formatDate } from '../format';
import { notFoundIfGone } from '../notFoundIfGone';
import { StatusBadge } from '../StatusBadge';
import { toAssetView, variantsPending } from '../upload/assetView';
import { DocumentsUpload } from '../upload/DocumentsUpload';
import { LogoUpload } from '../upload/LogoUpload';
import { VideoUpload } from '../upload/VideoUpload';
import { CampaignActions } from './CampaignActions';
import { CampaignEditForm } from './CampaignEditForm';
import { PostsPanel } from './PostsPanel';
import { ScoreMeter } from './ScoreMeter';

interface Props {
  teamId: number;
  campaignId: number;
  isOwner: boolean;
  /** Files of this size or more upload in parts (UPLOAD_MULTIPART_THRESHOLD, read on the server). */
  multipartThreshold?: number;
}

export function CampaignDetail({ teamId, campaignId, isOwner, multipartThreshold }: Props) {
  const { data: campaign, error } = CampaignController.use({ teamId }).get(campaignId, {
    // The image job makes the logo's thumbnail in the background: look again until it has run (ready or failed).
    refetchInterval: (query) => (variantsPending(query.state.data?.logo) ? 2_000 : false),
  });
  notFoundIfGone(error);
  if (!campaign) return <ErrorMessage error={error} />;
  const creator = typeof campaign.creator?.name === 'string' ? campaign.creator.name : null;

  return (
    <main className="stack">
      <p>
        <Link href={`/teams/${teamId}/campaigns`}>← All campaigns</Link>
      </p>
      <header className="detail-header">
        <div>
          <h1 className="user-text">{campaign.name}</h1>
          <p className="muted">
            <StatusBadge status={campaign.status} /> · Budget {formatBudget(campaign.budget)} · Created{' '}
            {formatDate(campaign.createdAt)}
            {creator ? ` by ${creator}` : ''}
            {campaign.publishedAt ? ` · Published ${formatDate(campaign.publishedAt)}` : ''}
          </p>
        </div>
        <ScoreMeter teamId={teamId} campaignId={campaign.id} />
      </header>
      <CampaignActions teamId={teamId} isOwner={isOwner} campaign={campaign} />
      <div className="columns">
        <div className="stack">
          <CampaignEditForm teamId={teamId} campaign={campaign} />
          <PostsPanel teamId={teamId} campaignId={campaign.id} />
        </div>
        <div className="stack">
          <LogoUpload
            teamId={teamId}
            campaignId={campaign.id}
            campaignName={campaign.name}
            logo={campaign.logo ? toAssetView(campaign.logo) : null}
          />
          <DocumentsUpload
            teamId={teamId}
            campaignId={campaign.id}
            documents={campaign.documents.map(toAssetView)}
            {...(multipartThreshold !== undefined ? { multipartThreshold } : {})}
          />
          <VideoUpload
            teamId={teamId}
            campaignId={campaign.id}
            video={campaign.video ? toAssetView(campaign.video) : null}
            multipartThreshold={multipartThreshold ?? MULTIPART_THRESHOLD}
          />
        </div>
      </div>
    </main>
  );
}
