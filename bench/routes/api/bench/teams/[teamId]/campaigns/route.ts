// demo:file (npm run demo:remove deletes this file)
// Copied by the bench into its temporary app as app/(bench)/api/bench/teams/[teamId]/campaigns/route.ts.
import { createCampaignRoute, listCampaignsRoute } from '@/bench/handlers/campaignRoutes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export { createCampaignRoute as POST, listCampaignsRoute as GET };
