// demo:file (npm run demo:remove deletes this file)
/**
 * Variant (c) of scenarios 1-2: plain Next.js route handlers for campaigns,
 * written without the framework. The bench copies thin route files from
 * bench/routes/ into a temporary copy of the app (`app/(bench)/api/bench/...`)
 * that point here; the template's own build never contains them.
 */

import { createData, parseData, parseListSearchParams, updateData } from './campaignInput';
import { insertCampaign, listCampaigns, publishCampaign, showCampaign, updateCampaign } from './campaignQueries';
import { errorJson, HttpError } from './httpError';
import { type Member, parseTeamId, requireMember, sessionTokenOf } from './membership';

type TeamRoute = { params: Promise<{ teamId: string }> };
type CampaignRoute = { params: Promise<{ teamId: string; id: string }> };

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });
}

async function member(request: Request, teamId: string): Promise<Member> {
  return requireMember(sessionTokenOf(request), parseTeamId(teamId));
}

async function readBody(request: Request): Promise<unknown> {
  try {
    return await request.json();
  } catch {
    throw new HttpError(400, 'BAD_REQUEST', 'Malformed JSON');
  }
}

/** GET /api/bench/teams/:teamId/campaigns */
export async function listCampaignsRoute(request: Request, route: TeamRoute): Promise<Response> {
  try {
    const { teamId } = await member(request, (await route.params).teamId);
    return json(await listCampaigns(teamId, parseListSearchParams(teamId, new URL(request.url).searchParams)));
  } catch (error) {
    return errorJson(error);
  }
}

/** POST /api/bench/teams/:teamId/campaigns */
export async function createCampaignRoute(request: Request, route: TeamRoute): Promise<Response> {
  try {
    const body = await readBody(request);
    const { teamId, userId } = await member(request, (await route.params).teamId);
    return json(await insertCampaign(teamId, userId, parseData(createData, body)), 201);
  } catch (error) {
    return errorJson(error);
  }
}

/** GET /api/bench/teams/:teamId/campaigns/:id */
export async function showCampaignRoute(request: Request, route: CampaignRoute): Promise<Response> {
  try {
    const params = await route.params;
    const { teamId } = await member(request, params.teamId);
    return json(await showCampaign(teamId, parseTeamId(params.id)));
  } catch (error) {
    return errorJson(error);
  }
}

/** PATCH /api/bench/teams/:teamId/campaigns/:id */
export async function updateCampaignRoute(request: Request, route: CampaignRoute): Promise<Response> {
  try {
    const body = await readBody(request);
    const params = await route.params;
    const { teamId } = await member(request, params.teamId);
    return json(await updateCampaign(teamId, parseTeamId(params.id), parseData(updateData, body)));
  } catch (error) {
    return errorJson(error);
  }
}

/** POST /api/bench/teams/:teamId/campaigns/:id/publish */
export async function publishCampaignRoute(request: Request, route: CampaignRoute): Promise<Response> {
  try {
    const params = await route.params;
    const { teamId } = await member(request, params.teamId);
    return json(await publishCampaign(teamId, parseTeamId(params.id)));
  } catch (error) {
    return errorJson(error);
  }
}
