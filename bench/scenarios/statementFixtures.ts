// demo:file (npm run demo:remove deletes this file)
/**
 * Scenario 3's requests: one (or more) per demo route, in an order that
 * creates what later steps need (a campaign to destroy, an uploaded asset to
 * confirm and attach ...). Each step names its route as `METHOD /path`, as in
 * the handler's route table, so a route without a step shows up as such.
 *
 * `target` is the most statements the action itself may issue (context
 * builder and scope guard excluded; they are measured and judged on their
 * own). CRUD targets are derived from the controller's
 * own `include` lists; custom actions carry the count their code implies.
 */

export interface StepRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
}

export interface FixtureState {
  teamId: number;
  /** A demo campaign of the team that has posts. */
  campaignId: number;
  /** Bench campaigns (not archived) to publish, archive, destroy ... */
  spareCampaignIds: number[];
  /** Filled by earlier steps. */
  values: Record<string, number | string>;
}

export interface StatementStep {
  route: string;
  /** Shown instead of the route when one route has several steps. */
  label?: string;
  request(state: FixtureState): StepRequest;
  /** Statements the action may issue; a function of the route's compiled config, or a number; null: no target. */
  target: number | null | { kind: 'index' | 'get'; extra?: number };
  /** Why the target is what it is, when it is not obvious. */
  why?: string;
  /** Runs after the measured request with its JSON body (e.g. uploads the file that confirm checks). */
  after?(body: unknown, state: FixtureState): Promise<void>;
}

const spare = (state: FixtureState, index: number) => state.spareCampaignIds[index] as number;
const value = (state: FixtureState, key: string) => {
  const found = state.values[key];
  if (found === undefined) throw new Error(`fixture value "${key}" was not set by an earlier step`);
  return found;
};
const campaigns = (state: FixtureState) => `/teams/${state.teamId}/campaigns`;
const posts = (state: FixtureState) => `/teams/${state.teamId}/campaigns/${state.campaignId}/posts`;
const idOf = (body: unknown) => (body as { id: number }).id;

/** A 1x1 PNG: what the upload steps send to the object store. */
const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const STATEMENT_STEPS: StatementStep[] = [
  // Campaigns: CRUD
  {
    route: 'GET /teams/:teamId/campaigns',
    request: (s) => ({ method: 'GET', path: `${campaigns(s)}?page=3&perPage=20&sort=-createdAt` }),
    target: { kind: 'index' },
  },
  {
    route: 'GET /teams/:teamId/campaigns/:id',
    request: (s) => ({ method: 'GET', path: `${campaigns(s)}/${s.campaignId}` }),
    target: { kind: 'get' },
  },
  {
    route: 'POST /teams/:teamId/campaigns',
    request: (s) => ({ method: 'POST', path: campaigns(s), body: { data: { name: 'Statement count', budget: 10 } } }),
    target: 2,
    after: async (body, s) => {
      s.values.createdCampaign = idOf(body);
    },
  },
  {
    route: 'PATCH /teams/:teamId/campaigns/:id',
    request: (s) => ({
      method: 'PATCH',
      path: `${campaigns(s)}/${value(s, 'createdCampaign')}`,
      body: { data: { name: 'Renamed' } },
    }),
    target: 2,
  },
  {
    route: 'DELETE /teams/:teamId/campaigns/:id',
    request: (s) => ({ method: 'DELETE', path: `${campaigns(s)}/${value(s, 'createdCampaign')}` }),
    target: 4,
    why: 'load, delete, then the attachments plugin detaches the slots (select + delete) in the same transaction',
  },
  // Campaigns: mutations and actions
  {
    route: 'POST /teams/:teamId/campaigns/:id/publish',
    request: (s) => ({ method: 'POST', path: `${campaigns(s)}/${spare(s, 0)}/publish` }),
    target: 2,
    why: 'load + UPDATE',
  },
  {
    route: 'POST /teams/:teamId/campaigns/bulk-publish',
    label: 'POST /teams/:teamId/campaigns/bulk-publish (10 drafts)',
    request: (s) => ({
      method: 'POST',
      path: `${campaigns(s)}/bulk-publish`,
      body: { ids: s.spareCampaignIds.slice(1, 11) },
    }),
    target: 11,
    why: 'records: true by design: one SELECT for the records, then Campaign#publish (one UPDATE) per draft',
  },
  {
    route: 'POST /teams/:teamId/campaigns/bulk-archive',
    label: 'POST /teams/:teamId/campaigns/bulk-archive (100 ids)',
    request: (s) => ({
      method: 'POST',
      path: `${campaigns(s)}/bulk-archive`,
      body: { ids: s.spareCampaignIds.slice(11, 111) },
    }),
    target: 1,
  },
  {
    route: 'GET /teams/:teamId/campaigns/stats',
    request: (s) => ({ method: 'GET', path: `${campaigns(s)}/stats` }),
    target: 1,
  },
  {
    route: 'GET /teams/:teamId/campaigns/:id/score',
    request: (s) => ({ method: 'GET', path: `${campaigns(s)}/${s.campaignId}/score` }),
    target: 3,
    why: 'load, count posts, logo exists',
  },
  {
    route: 'POST /teams/:teamId/campaigns/:id/duplicate',
    request: (s) => ({ method: 'POST', path: `${campaigns(s)}/${s.campaignId}/duplicate`, body: {} }),
    target: 2,
    why: 'load + INSERT',
  },
  // Uploads: presign -> PUT to the store -> confirm -> attach
  {
    route: 'POST /teams/:teamId/uploads/presign',
    request: (s) => ({
      method: 'POST',
      path: `/teams/${s.teamId}/uploads/presign`,
      body: { filename: 'logo.png', contentType: 'image/png', byteSize: PNG_BYTES.length, slot: 'Campaign.logo' },
    }),
    target: 1,
    why: 'INSERT of the pending asset (signing is local; the store probe is cached)',
    after: async (body, s) => {
      const { asset, uploadUrl, headers } = body as { asset: { id: number }; uploadUrl: string; headers: HeadersInit };
      const put = await fetch(uploadUrl, { method: 'PUT', headers, body: PNG_BYTES });
      if (!put.ok) throw new Error(`PUT to the presigned URL failed: ${put.status}`);
      s.values.assetId = asset.id;
    },
  },
  {
    route: 'POST /teams/:teamId/uploads/confirm',
    request: (s) => ({
      method: 'POST',
      path: `/teams/${s.teamId}/uploads/confirm`,
      body: { assetId: value(s, 'assetId') },
    }),
    target: 2,
    why: 'find the owned asset + UPDATE to ready (the HEAD goes to the store)',
  },
  {
    route: 'POST /teams/:teamId/campaigns/:id/attach',
    request: (s) => ({
      method: 'POST',
      path: `${campaigns(s)}/${s.campaignId}/attach`,
      body: { slot: 'logo', assetId: value(s, 'assetId') },
    }),
    target: null,
    why: 'slot lock, owner and asset locks, replace, then reload of creator + 2 slots: reported, no target set',
  },
  {
    route: 'GET /teams/:teamId/uploads/storage-usage',
    request: (s) => ({ method: 'GET', path: `/teams/${s.teamId}/uploads/storage-usage` }),
    target: 1,
  },
  // Posts (nested under a campaign: the guard checks the campaign belongs to the team)
  {
    route: 'GET /teams/:teamId/campaigns/:campaignId/posts',
    request: (s) => ({ method: 'GET', path: posts(s) }),
    target: { kind: 'index' },
  },
  {
    route: 'POST /teams/:teamId/campaigns/:campaignId/posts',
    request: (s) => ({ method: 'POST', path: posts(s), body: { data: { title: 'Counted', body: 'Text' } } }),
    target: 2,
    after: async (body, s) => {
      s.values.postId = idOf(body);
    },
  },
  {
    route: 'GET /teams/:teamId/campaigns/:campaignId/posts/:id',
    request: (s) => ({ method: 'GET', path: `${posts(s)}/${value(s, 'postId')}` }),
    target: { kind: 'get' },
  },
  {
    route: 'PATCH /teams/:teamId/campaigns/:campaignId/posts/:id',
    request: (s) => ({
      method: 'PATCH',
      path: `${posts(s)}/${value(s, 'postId')}`,
      body: { data: { title: 'Re-titled' } },
    }),
    target: 2,
  },
  {
    route: 'DELETE /teams/:teamId/campaigns/:campaignId/posts/:id',
    request: (s) => ({ method: 'DELETE', path: `${posts(s)}/${value(s, 'postId')}` }),
    target: 2,
    why: 'load + DELETE',
  },
  // Team settings (singleton)
  {
    route: 'POST /teams/:teamId/team-settings',
    request: (s) => ({ method: 'POST', path: `/teams/${s.teamId}/team-settings` }),
    target: 3,
    why: 'find-or-create: SELECT, INSERT ... ON CONFLICT DO NOTHING, re-SELECT when it raced',
  },
  {
    route: 'GET /teams/:teamId/team-settings',
    request: (s) => ({ method: 'GET', path: `/teams/${s.teamId}/team-settings` }),
    target: 1,
  },
  {
    route: 'PATCH /teams/:teamId/team-settings',
    request: (s) => ({
      method: 'PATCH',
      path: `/teams/${s.teamId}/team-settings`,
      body: { data: { brandColor: '#123456' } },
    }),
    target: 2,
  },
  // API keys
  {
    route: 'POST /teams/:teamId/api-keys',
    request: (s) => ({ method: 'POST', path: `/teams/${s.teamId}/api-keys`, body: { data: { name: 'Counted key' } } }),
    target: 2,
    after: async (body, s) => {
      s.values.apiKeyId = idOf(body);
      s.values.apiToken = (body as { token: string }).token;
    },
  },
  {
    route: 'GET /teams/:teamId/api-keys',
    request: (s) => ({ method: 'GET', path: `/teams/${s.teamId}/api-keys` }),
    target: { kind: 'index' },
  },
  {
    route: 'GET /teams/:teamId/api-keys/:id',
    request: (s) => ({ method: 'GET', path: `/teams/${s.teamId}/api-keys/${value(s, 'apiKeyId')}` }),
    target: { kind: 'get' },
  },
  {
    route: 'PATCH /teams/:teamId/api-keys/:id',
    request: (s) => ({
      method: 'PATCH',
      path: `/teams/${s.teamId}/api-keys/${value(s, 'apiKeyId')}`,
      body: { data: { name: 'Renamed key' } },
    }),
    target: 2,
  },
  {
    route: 'DELETE /teams/:teamId/api-keys/:id',
    request: (s) => ({ method: 'DELETE', path: `/teams/${s.teamId}/api-keys/${value(s, 'apiKeyId')}` }),
    target: 2,
    why: 'load + DELETE',
  },
];

/** Index routes re-run with a small and a large page: the count must not change (no N+1). */
export const PAGE_SIZE_CHECKS: { route: string; path: (state: FixtureState, perPage: number) => string }[] = [
  { route: 'GET /teams/:teamId/campaigns', path: (s, perPage) => `${campaigns(s)}?perPage=${perPage}` },
  { route: 'GET /teams/:teamId/campaigns/:campaignId/posts', path: (s, perPage) => `${posts(s)}?perPage=${perPage}` },
  { route: 'GET /teams/:teamId/api-keys', path: (s, perPage) => `/teams/${s.teamId}/api-keys?perPage=${perPage}` },
];
