/**
 * 10,000-deep JSON through the app's own route files (the catch-all for REST
 * and tRPC, and /api/session): 400 with the API's error body, never a 500.
 * The framework-level cases (batch, GET input, parse once) are in
 * server/http/deepJson.test.ts.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { closeDb } from '@/db/database';
import { POST as apiPost } from './[[...path]]/route';
import { POST as sessionPost } from './session/route';

afterAll(closeDb);

const DEEP = 10_000;
const deep = `{"email":"alice@example.com","name":${'['.repeat(DEEP)}${']'.repeat(DEEP)}}`;

function post(path: string, body: string): Request {
  return new Request(`http://localhost${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
}

const MESSAGE = 'JSON nests deeper than 64 levels';

async function expectBadRequest(response: Response): Promise<void> {
  expect(response.status).toBe(400);
  expect(await response.json()).toEqual({ error: { code: 'BAD_REQUEST', message: MESSAGE } });
}

describe('10,000-deep JSON on the app routes', () => {
  it('POST /api/session is 400', async () => {
    await expectBadRequest(await sessionPost(post('/api/session', deep)));
  });

  it('a REST route is 400 before authentication', async () => {
    await expectBadRequest(await apiPost(post('/api/teams/1/invitations', deep)));
  });

  it('a tRPC procedure is 400 before authentication', async () => {
    // In tRPC's own envelope, as every tRPC error.
    const response = await apiPost(post('/api/trpc/teams.invitations.create', deep));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { message: MESSAGE, data: { code: 'BAD_REQUEST', httpStatus: 400, path: 'teams.invitations.create' } },
    });
  });
});
