// demo:file (npm run demo:remove deletes this file)
'use client';
/** The campaign's completeness score (`GET .../campaigns/:id/score`, 0-100) as a meter. */
import { CampaignController } from '@/controllers/browser';

export function ScoreMeter({ teamId, campaignId }: { teamId: number; campaignId: number }) {
  const { data } = CampaignController.use({ teamId }).indexScore(campaignId);
  return (
    <div className="score">
      <label htmlFor={`score-${campaignId}`}>Completeness</label>
      <meter id={`score-${campaignId}`} min={0} max={100} low={40} high={80} optimum={100} value={data?.score ?? 0} />
      <span data-testid="score">{data ? `${data.score}%` : '…'}</span>
    </div>
  );
}
