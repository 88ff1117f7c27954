/**
 * The public route contract of the API: every route at its exact path, and
 * the catch-all route file serving them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { api } from '@/controllers';
import { closeDb } from '@/db/database';
import * as catchAll from './route';

afterAll(closeDb);

describe('routes', () => {
  it('are exactly the contract', () => {
    const routes = api.routes.map((route) => `${route.method} ${route.path}`).sort();
    expect(routes).toEqual(
      [
        // demo:begin
        'GET /teams/:teamId/campaigns',
        'GET /teams/:teamId/campaigns/:id',
        'POST /teams/:teamId/campaigns',
        'PATCH /teams/:teamId/campaigns/:id',
        'DELETE /teams/:teamId/campaigns/:id',
        'POST /teams/:teamId/campaigns/:id/publish',
        'POST /teams/:teamId/campaigns/bulk-publish',
        'POST /teams/:teamId/campaigns/bulk-archive',
        'GET /teams/:teamId/campaigns/stats',
        'GET /teams/:teamId/campaigns/:id/score',
        'POST /teams/:teamId/campaigns/:id/duplicate',
        'POST /teams/:teamId/campaigns/:id/attach',
        'GET /teams/:teamId/campaigns/:campaignId/posts',
        'GET /teams/:teamId/campaigns/:campaignId/posts/:id',
        'POST /teams/:teamId/campaigns/:campaignId/posts',
        'PATCH /teams/:teamId/campaigns/:campaignId/posts/:id',
        'DELETE /teams/:teamId/campaigns/:campaignId/posts/:id',
        'GET /teams/:teamId/team-settings',
        'POST /teams/:teamId/team-settings',
        'PATCH /teams/:teamId/team-settings',
        // demo:end
        'GET /teams/:teamId/api-keys',
        'GET /teams/:teamId/api-keys/:id',
        'POST /teams/:teamId/api-keys',
        'PATCH /teams/:teamId/api-keys/:id',
        'DELETE /teams/:teamId/api-keys/:id',
        'POST /teams/:teamId/uploads/presign',
        'POST /teams/:teamId/uploads/confirm',
        'POST /teams/:teamId/uploads/create-multipart',
        'POST /teams/:teamId/uploads/sign-parts',
        'POST /teams/:teamId/uploads/record-part',
        'POST /teams/:teamId/uploads/complete-multipart',
        'POST /teams/:teamId/uploads/abort-multipart',
        'GET /teams/:teamId/uploads/storage-usage',
        'GET /teams',
        'GET /teams/:id',
        'POST /teams',
        'PATCH /teams/:id',
        'DELETE /teams/:id',
        'GET /teams/:teamId/members',
        'GET /teams/:teamId/members/:id',
        'POST /teams/:teamId/members',
        'PATCH /teams/:teamId/members/:id',
        'DELETE /teams/:teamId/members/:id',
        'POST /teams/:teamId/members/leave',
        'GET /teams/:teamId/invitations',
        'GET /teams/:teamId/invitations/:id',
        'POST /teams/:teamId/invitations',
        'PATCH /teams/:teamId/invitations/:id',
        'DELETE /teams/:teamId/invitations/:id',
        'POST /invitations/lookup',
        'POST /invitations/accept',
      ].sort(),
    );
  });

  it('are served by app/api/[...path]/route.ts, with JSON 404 and 405', async () => {
    expect(catchAll.dynamic).toBe('force-dynamic');
    expect(catchAll.runtime).toBe('nodejs');
    // Every method goes to the one handler.
    expect(new Set([catchAll.GET, catchAll.POST, catchAll.PATCH, catchAll.PUT, catchAll.DELETE]).size).toBe(1);
    const missing = await catchAll.GET(new Request('http://localhost/api/nothing-here'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route not found' } });
    const wrongMethod = await catchAll.PUT(new Request('http://localhost/api/teams/1/members', { method: 'PUT' }));
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toContain('GET');
    const anonymous = await catchAll.GET(new Request('http://localhost/api/teams/1/members'));
    expect(anonymous.status).toBe(401);
  });
});

describe('tRPC at /api/trpc', () => {
  it('uses the same context and guard as REST', async () => {
    const { seedDemo } = await import('@/controllers/testClient');
    const world = await seedDemo();
    const input = encodeURIComponent(JSON.stringify({ teamId: world.acme.id }));
    const call = async (headers: Record<string, string>) => {
      const response = await catchAll.GET(
        new Request(`http://localhost/api/trpc/teams.members.index?input=${input}`, { headers }),
      );
      return { status: response.status, body: await response.json() };
    };
    const ok = await call({ cookie: world.bob });
    expect(ok.status).toBe(200);
    // Acme's members as the seed makes them: Alice the owner, Bob a member.
    expect(ok.body.result.data.data.map((member: { role: string }) => member.role).sort()).toEqual(['member', 'owner']);
    const carol = await call({ cookie: world.carol });
    expect(carol.status).toBe(404);
    expect(carol.body.error.data.code).toBe('NOT_FOUND');
    expect((await call({})).status).toBe(401);
    const badKey = await call({ authorization: 'Bearer nope' });
    expect(badKey.status).toBe(401);
    expect(badKey.body.error.data.code).toBe('UNAUTHORIZED');
  });
});
