// demo:file (npm run demo:remove deletes this file)
// Copied by the bench into its temporary app as app/(bench)/api/bench/teams/[teamId]/campaigns/[id]/route.ts.
import { showCampaignRoute, updateCampaignRoute } from '@/bench/handlers/campaignRoutes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export { showCampaignRoute as GET, updateCampaignRoute as PATCH };
