import { appName } from '../appName';
import { expect, test } from './support/test';

test('the home page renders and links to the health check', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle(appName);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(appName);
  await page.getByRole('link', { name: '/api/health' }).click();
  await expect(page).toHaveURL(/\/api\/health$/);
  await expect(page.locator('body')).toContainText('"ok":true');
});

test('/api/health is ok with a real database and the embedded store', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  // scripts/e2eServer.ts uses the server DATABASE_URL names, else an embedded PostgreSQL.
  expect(await response.json()).toEqual({
    ok: true,
    db: process.env.DATABASE_URL ? 'postgres' : 'embedded',
    storage: 'embedded',
  });
});

test('/api/health refuses other methods with a JSON 405', async ({ request }) => {
  const response = await request.post('/api/health');
  expect(response.status()).toBe(405);
  expect(response.headers().allow).toBe('GET, HEAD, OPTIONS');
  expect((await response.json()).error.code).toBe('METHOD_NOT_SUPPORTED');
});

test('/api itself is a JSON 404, like any path no route serves', async ({ request }) => {
  for (const path of ['/api', '/api/nothing-here']) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(404);
    expect(await response.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Route not found' } });
  }
});

test("OPTIONS on the API answers each route's own methods, the Allow of its 405", async ({ request }) => {
  for (const [path, allow] of [
    ['/api/health', 'GET, HEAD, OPTIONS'],
    ['/api/teams/1/api-keys', 'GET, POST, HEAD, OPTIONS'],
    ['/api/trpc/teams.members.index', 'GET, HEAD, OPTIONS'],
  ]) {
    const response = await request.fetch(path as string, { method: 'OPTIONS' });
    expect(response.status(), path).toBe(204);
    expect(response.headers().allow, path).toBe(allow);
  }
});
