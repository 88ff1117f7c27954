/**
 * Security headers on `next start` (proxy.ts, app/lib/securityHeaders.ts):
 * on pages, API responses and 404s; a nonce-based CSP under which the pages
 * still hydrate; requests Next cannot serve answered before it; pages ignore `Authorization`.
 */
import { request as httpRequest } from 'node:http';
import { appName } from '../appName';
import { ALICE, signInAs, teamId } from './support/session';
import { expect, test } from './support/test';

const COMMON = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // scripts/e2eServer.ts runs `next start` with NODE_ENV=production.
  'strict-transport-security': 'max-age=63072000; includeSubDomains',
};

function directives(csp: string | undefined): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

function expectCommon(headers: Record<string, string>): void {
  expect(headers).toMatchObject(COMMON);
  expect(headers).not.toHaveProperty('x-powered-by');
  expect(directives(headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
}

/** The page policy's nonce; fails unless script-src is nonce-based without 'unsafe-inline'. */
function pageNonce(headers: Record<string, string>): string {
  const script = directives(headers['content-security-policy']).get('script-src') ?? [];
  expect(script).not.toContain("'unsafe-inline'");
  expect(script).not.toContain("'unsafe-eval'");
  expect(script).toContain("'strict-dynamic'");
  const nonce = script.find((source) => source.startsWith("'nonce-"))?.slice("'nonce-".length, -1);
  expect(nonce, 'script-src has a nonce').toMatch(/^[A-Za-z0-9+/]{22}==$/);
  return nonce as string;
}

/**
 * A raw request (Playwright's and fetch's clients refuse or rewrite TRACE, bad percent-encoding and an
 * absolute-form target; node:http sends `path` as given).
 */
function rawRequest(
  method: string,
  path: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port: Number(process.env.E2E_PORT), method, path },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

test('a page carries the headers and a fresh nonce that Next put on its scripts', async ({ request }) => {
  const first = await request.get('/');
  expect(first.status()).toBe(200);
  const headers = first.headers();
  expectCommon(headers);
  expect(headers['cross-origin-opener-policy']).toBe('same-origin');
  const nonce = pageNonce(headers);
  const html = await first.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const script of scripts) expect(script, 'every script carries the nonce').toContain(`nonce="${nonce}"`);

  const second = pageNonce((await request.get('/')).headers());
  expect(second).not.toBe(nonce);
});

test('pages hydrate under the policy with no violation reported', async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await signInAs(page.request, ALICE);
  const acme = await teamId(page.request, 'Acme');
  // The helper's goto waits for <html data-hydrated>, which React's scripts set.
  for (const path of ['/', `/teams/${acme}/members`]) {
    const response = await page.goto(path);
    pageNonce((await response?.allHeaders()) ?? {});
  }
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // A client-side navigation runs more scripts ('strict-dynamic' trusts what Next loads).
  await page.getByRole('link', { name: appName }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(violations).toEqual([]);
});

test('API JSON responses carry the headers and a policy that loads nothing', async ({ request }) => {
  // Set by next.config.ts's headers() rules (no proxy on /api): routes' answers and the catch-all's 404.
  for (const path of ['/api/health', '/api/openapi.json', '/api/teams/1/members', '/api/no-such-route']) {
    const response = await request.get(path);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    expectCommon(response.headers());
    expect(directives(response.headers()['content-security-policy']).get('default-src')).toEqual(["'none'"]);
  }
  // The bare /api is no route: Next answers its HTML 404 page, with the API's headers all the same.
  const bare = await request.get('/api');
  expect(bare.status()).toBe(404);
  expectCommon(bare.headers());
  expect(directives(bare.headers()['content-security-policy']).get('default-src')).toEqual(["'none'"]);
});

test('a 404 page carries the page headers', async ({ request }) => {
  const response = await request.get('/no-such-page');
  expect(response.status()).toBe(404);
  expectCommon(response.headers());
  pageNonce(response.headers());
});

test('the API reference keeps its own policy (scripts from this origin only)', async ({ request }) => {
  const response = await request.get('/api/docs');
  expectCommon(response.headers());
  expect(directives(response.headers()['content-security-policy']).get('script-src')).toEqual(["'self'"]);
});

test('TRACE and methods no route serves are 405 with Allow on pages and on the API', async () => {
  for (const method of ['TRACE', 'PROPFIND']) {
    for (const path of ['/', '/api/health', '/api/teams/1/members']) {
      const response = await rawRequest(method, path);
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.parse(response.body).error.code).toBe('METHOD_NOT_SUPPORTED');
    }
  }
});

test('OPTIONS on a page is a 204 naming what a page takes; route files name their own methods', async () => {
  for (const path of ['/', '/sign-in', '/teams/1/members?tab=all', '/robots.txt']) {
    const response = await rawRequest('OPTIONS', path);
    expect(response.status, path).toBe(204);
    expect(response.headers.allow, path).toBe('GET, HEAD, OPTIONS');
    expect(response.headers['x-content-type-options'], path).toBe('nosniff');
    expect(response.body, path).toBe('');
  }
  const routes: Array<[string, string]> = [
    ['/api/teams', 'GET, POST, HEAD, OPTIONS'],
    ['/api/trpc/teams.index', 'GET, HEAD, OPTIONS'], // a query: GET only
    ['/api/trpc/teams.create', 'POST, OPTIONS'], // a mutation: POST only
    ['/dev/mail/messages', 'GET, HEAD, OPTIONS'],
  ];
  for (const [path, allow] of routes) {
    const response = await rawRequest('OPTIONS', path);
    expect(response.status, path).toBe(204);
    expect(response.headers.allow, path).toBe(allow);
  }
});

test('PUT, PATCH and DELETE on a page are a 405 naming what a page takes, not the page rendered', async () => {
  for (const method of ['PUT', 'PATCH', 'DELETE']) {
    const response = await rawRequest(method, '/teams/1');
    expect(response.status, method).toBe(405);
    expect(response.headers.allow, method).toBe('GET, HEAD, OPTIONS');
    expect(JSON.parse(response.body).error.code, method).toBe('METHOD_NOT_SUPPORTED');
  }
});

test('a path with malformed percent-encoding is a 400 JSON error, not a 500', async () => {
  for (const path of ['/api/teams/%FF', '/api/teams/1/members/%ED%A0%80', '/teams/%FF']) {
    const response = await rawRequest('GET', path);
    expect(response.status, path).toBe(400);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(response.body).error.code).toBe('BAD_REQUEST');
  }
});

test('an absolute-form target is served as its path, never redirected to the host it names', async () => {
  const response = await rawRequest('GET', 'http://evil.example/api/health');
  expect(response.status).toBe(200);
  expect(response.headers.location).toBeUndefined();
  expect(JSON.parse(response.body).ok).toBe(true);
});

test('a page ignores Authorization, garbled or not: it renders for the cookie', async ({ page }) => {
  await signInAs(page.request, ALICE);
  const acme = await teamId(page.request, 'Acme');
  for (const authorization of ['Bearer', 'Bearer ', 'garbage', 'Bearer ak_not_a_key', 'Basic YTpi']) {
    for (const path of ['/', `/teams/${acme}/members`]) {
      const response = await page.request.get(path, { headers: { authorization } });
      expect(response.status(), `${path} with Authorization: ${authorization}`).toBe(200);
      expect(await response.text()).toContain('Alice');
    }
  }
  // The API still reads it: a bad key there is a 401, not a fall-back to the cookie.
  const api = await page.request.get(`/api/teams/${acme}/members`, { headers: { authorization: 'Bearer nope' } });
  expect(api.status()).toBe(401);
});
