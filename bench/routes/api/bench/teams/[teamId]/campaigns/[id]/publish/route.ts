// demo:file (npm run demo:remove deletes this file)
// Copied by the bench into its temporary app as app/(bench)/api/bench/teams/[teamId]/campaigns/[id]/publish/route.ts.
import { publishCampaignRoute } from '@/bench/handlers/campaignRoutes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export { publishCampaignRoute as POST };
