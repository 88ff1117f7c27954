/**
 * The API reference page: /api/docs renders the operations of
 * /api/openapi.json with Scalar's script served by the app, under its
 * Content-Security-Policy, and the browser asks no other origin for anything
 * (offline-safe: every request from the page is checked, not only scripts).
 */
import { expect, test } from './support/test';

test('/api/docs renders the reference from this origin only, with no CSP violation', async ({ page, baseURL }) => {
  const origin = new URL(baseURL as string).origin;
  const foreign: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin) foreign.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
  // Operations from the document: the first tag is open; open Invitations to see the summaries it declares.
  const sidebar = page.getByRole('navigation');
  await expect(sidebar.getByRole('button', { name: /List ApiKey records/ })).toBeVisible({ timeout: 20_000 });
  await sidebar.getByRole('button', { name: /^Invitations/ }).click();
  await expect(sidebar.getByRole('button', { name: /List pending invitations/ })).toBeVisible();
  await expect(sidebar.getByRole('button', { name: /Revoke a pending invitation/ })).toBeVisible();

  expect(foreign).toEqual([]);
  expect(problems.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
  expect(problems).toEqual([]);
});

test('/api/openapi.json is public JSON and /api/docs/scalar.js is JavaScript', async ({ request }) => {
  const document = await request.get('/api/openapi.json');
  expect(document.status()).toBe(200);
  expect((await document.json()).openapi).toBe('3.1.0');
  const script = await request.get('/api/docs/scalar.js');
  expect(script.status()).toBe(200);
  expect(script.headers()['content-type']).toContain('javascript');
  expect((await request.post('/api/openapi.json')).status()).toBe(405);
});
