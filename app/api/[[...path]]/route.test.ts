/**
 * The public route contract of the API: every route of the template's
 * controllers at its exact path, every route (yours too) an action of a
 * registered controller, and the catch-all route file serving them.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { api, controllerClasses } from '@/controllers';
import { closeDb } from '@/db/database';
import * as catchAll from './route';

afterAll(closeDb);

/**
 * The template's controllers and the exact routes each serves. Controllers you
 * add (by hand or with `npm run generate -- scaffold`) are not listed here:
 * the second test checks their routes against the controller registry.
 */
const CONTRACT: Record<string, string[]> = {
  // demo:begin
  CampaignController: [
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
    'POST /teams/:teamId/campaigns/:id/detach',
  ],
  PostController: [
    'GET /teams/:teamId/campaigns/:campaignId/posts',
    'GET /teams/:teamId/campaigns/:campaignId/posts/:id',
    'POST /teams/:teamId/campaigns/:campaignId/posts',
    'PATCH /teams/:teamId/campaigns/:campaignId/posts/:id',
    'DELETE /teams/:teamId/campaigns/:campaignId/posts/:id',
  ],
  TeamSettingsController: [
    'GET /teams/:teamId/team-settings',
    'POST /teams/:teamId/team-settings',
    'PATCH /teams/:teamId/team-settings',
  ],
  // demo:end
  APIKeyController: [
    'GET /teams/:teamId/api-keys',
    'GET /teams/:teamId/api-keys/:id',
    'POST /teams/:teamId/api-keys',
    'PATCH /teams/:teamId/api-keys/:id',
    'DELETE /teams/:teamId/api-keys/:id',
  ],
  UploadController: [
    'POST /teams/:teamId/uploads/presign',
    'POST /teams/:teamId/uploads/confirm',
    'POST /teams/:teamId/uploads/create-multipart',
    'POST /teams/:teamId/uploads/sign-parts',
    'POST /teams/:teamId/uploads/record-part',
    'POST /teams/:teamId/uploads/complete-multipart',
    'POST /teams/:teamId/uploads/abort-multipart',
    'GET /teams/:teamId/uploads/storage-usage',
  ],
  // No DELETE: `except: ['destroy']`.
  TeamController: ['GET /teams', 'GET /teams/:id', 'POST /teams', 'PATCH /teams/:id'],
  // No POST (create): `except: ['create']`, people join through invitations.
  MemberController: [
    'GET /teams/:teamId/members',
    'GET /teams/:teamId/members/:id',
    'PATCH /teams/:teamId/members/:id',
    'DELETE /teams/:teamId/members/:id',
    'POST /teams/:teamId/members/leave',
  ],
  InvitationController: [
    'GET /teams/:teamId/invitations',
    'GET /teams/:teamId/invitations/:id',
    'POST /teams/:teamId/invitations',
    'PATCH /teams/:teamId/invitations/:id',
    'DELETE /teams/:teamId/invitations/:id',
  ],
  InvitationAcceptanceController: ['POST /invitations/lookup', 'POST /invitations/accept', 'POST /invitations/decline'],
};

describe('routes', () => {
  it("are exactly the contract for the template's controllers", () => {
    for (const [name, expected] of Object.entries(CONTRACT)) {
      const routes = api.routes.filter((route) => route.controller.name === name);
      expect(routes.map((route) => `${route.method} ${route.path}`).sort(), name).toEqual([...expected].sort());
    }
  });

  it("are each an action of a registered controller, under that controller's path", () => {
    const registered = new Set<string>(controllerClasses.map((Controller) => Controller.name));
    for (const route of api.routes) {
      expect(registered, `${route.method} ${route.path}`).toContain(route.controller.name);
      expect(route.controller.actions).toContain(route.action);
      expect(route.path.startsWith(route.controller.basePath), route.path).toBe(true);
    }
    // And every registered controller serves something.
    expect(new Set(api.routes.map((route) => route.controller.name))).toEqual(registered);
  });

  it('are served by app/api/[[...path]]/route.ts, with JSON 404 and 405', async () => {
    expect(catchAll.dynamic).toBe('force-dynamic');
    expect(catchAll.runtime).toBe('nodejs');
    // Every method goes to the one handler.
    expect(
      new Set([catchAll.GET, catchAll.POST, catchAll.PATCH, catchAll.PUT, catchAll.DELETE, catchAll.OPTIONS]).size,
    ).toBe(1);
    const api = await catchAll.GET(new Request('http://localhost/api'));
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route not found' } });
    const missing = await catchAll.GET(new Request('http://localhost/api/nothing-here'));
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route not found' } });
    const wrongMethod = await catchAll.PUT(new Request('http://localhost/api/teams/1/members', { method: 'PUT' }));
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('allow')).toContain('GET');
    const anonymous = await catchAll.GET(new Request('http://localhost/api/teams/1/members'));
    expect(anonymous.status).toBe(401);
  });

  it("answer OPTIONS with the methods served at the path (the 405's Allow), and 404 where nothing is", async () => {
    const options = (path: string) =>
      catchAll.OPTIONS(new Request(`http://localhost/api${path}`, { method: 'OPTIONS' }));
    const members = await options('/teams/1/members');
    expect(members.status).toBe(204);
    const wrongMethod = await catchAll.PUT(new Request('http://localhost/api/teams/1/members', { method: 'PUT' }));
    expect(members.headers.get('allow')).toBe(wrongMethod.headers.get('allow'));
    expect(members.headers.get('allow')).not.toContain('PUT');
    // On tRPC, the methods of the procedure named: a query is taken by GET only.
    expect((await options('/trpc/teams.members.index')).headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const missing = await options('/nothing-here');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route not found' } });
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
