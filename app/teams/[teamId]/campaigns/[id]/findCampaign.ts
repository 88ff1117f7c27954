// demo:file (npm run demo:remove deletes this file)
/**
 * The campaign a `/teams/[teamId]/campaigns/[id]` page shows, or null when
 * the team has none by that id (the API's 404, or a 400 for an id beyond the
 * integer range). Cached for the request, so the page's title
 * (`generateMetadata`) and the page itself load it once.
 */
import 'server-only';
import { cache } from 'react';
import { isClientError } from '@/controllers/browser';
import { CampaignController } from '@/controllers/serverComponents';

export const findCampaign = cache(async (teamId: number, id: string) => {
  const campaignId = /^[1-9]\d{0,9}$/.test(id) ? Number(id) : Number.NaN;
  if (!Number.isSafeInteger(campaignId)) return null;
  try {
    return await CampaignController.fetch({ teamId }).get(campaignId);
  } catch (error) {
    if (isClientError(error) && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')) return null;
    throw error;
  }
});
