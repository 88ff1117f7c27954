/**
 * Trust only what the connection proves, tried as an attacker would against
 * the real servers of this build (`next start` and `.next/standalone/
 * server.js`), on the e2e run's PostgreSQL: forged X-Forwarded-For, X-Real-IP,
 * Forwarded, Host, X-Forwarded-Host and X-Forwarded-Proto, with and without
 * TRUST_PROXY. Requests go out through node:http, which sends any Host.
 *
 * Every connection here comes from 127.0.0.1 (tests send traffic to this
 * machine's loopback only). A remote client is therefore played by a trusted
 * proxy on loopback (TRUST_PROXY=loopback) that names it in X-Forwarded-For:
 * what the app then sees is exactly what it would see from a remote socket
 * (server/net/trustProxy.ts rewrites both to one resolved address).
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { readE2eServices } from '../scripts/e2eServices';
import {
  type ProductionServer,
  runUntilExit,
  type ServerKind,
  startProductionServer,
} from './support/productionServer';
import { ALICE } from './support/session';
import { expect, test } from './support/test';

/** This build as `kind` with the spec's settings and `variables`, once it answers /api/health. */
async function startServer(kind: ServerKind, variables: Record<string, string>): Promise<ProductionServer> {
  const server = await startProductionServer(kind, (port) => ({
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
    AUTH_DEV_LOGIN: 'true',
    APP_URL: `http://127.0.0.1:${port}`,
    SESSION_SECRET: 'trust-spec-secret-not-for-production-0123456789',
    // The per-IP sign-in limit is shared with the rest of the run's 127.0.0.1 traffic: off here,
    // so the (account, IP) limit is the one under test.
    RATE_LIMIT_SIGN_IN_IP: 'off',
    JOBS_IN_APP: 'false',
    ...readE2eServices(),
    ...variables,
  }));
  await expect
    .poll(async () => (await send(server.port, { path: '/api/health' }).catch(() => undefined))?.status, {
      timeout: 30_000,
    })
    .toBe(200);
  return server;
}

interface Sent {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/** One raw HTTP request to 127.0.0.1: any Host and forwarded headers. */
function send(
  port: number,
  init: { method?: string; path: string; headers?: Record<string, string>; body?: unknown },
): Promise<Sent> {
  const body = init.body === undefined ? undefined : JSON.stringify(init.body);
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method: init.method ?? (body ? 'POST' : 'GET'),
        path: init.path,
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...init.headers },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** What a client may write to pass for someone else, varied per attempt. */
function forgedAddress(attempt: number): Record<string, string> {
  const forged = `198.51.100.${attempt + 1}`;
  return { 'x-forwarded-for': forged, 'x-real-ip': forged, forwarded: `for=${forged}` };
}

/** Fails a password sign-in `times` times; the statuses answered. */
async function failSignIns(
  port: number,
  email: string,
  times: number,
  headers: (attempt: number) => Record<string, string>,
) {
  const statuses: number[] = [];
  for (let attempt = 0; attempt < times; attempt++) {
    const response = await send(port, {
      path: '/api/auth/sign-in/email',
      body: { email, password: 'not the password' },
      headers: headers(attempt),
    });
    statuses.push(response.status);
  }
  return statuses;
}

function sessionCookieOf(response: Sent): string {
  const cookie = (response.headers['set-cookie'] ?? []).find((value) => value.startsWith('app_session='));
  if (!cookie) throw new Error(`no session cookie: ${response.status} ${response.text}`);
  return cookie;
}

for (const kind of ['next start', 'standalone'] as const) {
  test.describe(`${kind} without TRUST_PROXY`, () => {
    let server: ProductionServer;
    test.beforeAll(async () => {
      test.setTimeout(60_000);
      server = await startServer(kind, {});
    });
    test.afterAll(async () => server?.stop());

    test('forged X-Forwarded-For, X-Real-IP and Forwarded do not escape the failed sign-in lock', async () => {
      const email = `trust-${randomUUID()}@example.com`;
      const statuses = await failSignIns(server.port, email, 7, forgedAddress);
      // 5 failures per (account, client address), then 429: every attempt counted for the socket's address.
      expect(statuses, server.output()).toEqual([401, 401, 401, 401, 401, 429, 429]);
    });

    test('dev sign-in: the socket decides, not Host or a forged X-Forwarded-For', async () => {
      // A remote address written by the client itself is ignored: the socket is loopback.
      const forged = await send(server.port, {
        path: '/api/session',
        body: { email: ALICE },
        headers: { host: 'app.example.com', 'x-forwarded-for': '203.0.113.50', forwarded: 'for=203.0.113.50' },
      });
      expect(forged.status, forged.text).toBe(200);
      expect(forged.headers['cache-control']).toBe('no-store');
    });

    test('a forged X-Forwarded-Proto does not make the session cookie Secure', async () => {
      const response = await send(server.port, {
        path: '/api/session',
        body: { email: ALICE },
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.status).toBe(200);
      expect(sessionCookieOf(response)).not.toMatch(/;\s*Secure/i);
    });

    test('forged Host, X-Forwarded-Host and Forwarded never reach links or origin checks', async () => {
      const forged = {
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        forwarded: 'host=evil.example;proto=https',
      };
      // The reset request from a page on the forged host: refused, as its origin is not APP_URL's.
      const reset = await send(server.port, {
        path: '/api/auth/request-password-reset',
        body: { email: ALICE, redirectTo: '/reset-password' },
        headers: { ...forged, origin: 'http://evil.example' },
      });
      expect(reset.status, reset.text).toBe(403);

      // An invitation link (answered once to its creator) names APP_URL, not the forged host.
      const cookie = sessionCookieOf(await send(server.port, { path: '/api/session', body: { email: ALICE } }));
      const session = JSON.parse((await send(server.port, { path: '/api/session', headers: { cookie } })).text) as {
        teams: { id: number; name: string }[];
      };
      const acme = session.teams.find((team) => team.name === 'Acme');
      const invited = await send(server.port, {
        path: `/api/teams/${acme?.id}/invitations`,
        body: { data: { email: `trust-${randomUUID()}@example.com`, role: 'member' } },
        headers: { ...forged, cookie: cookie.split(';')[0] ?? '' },
      });
      expect(invited.status, invited.text).toBe(201);
      expect(JSON.parse(invited.text).link).toMatch(new RegExp(`^${server.baseURL}/invitations/`));
    });

    test('list-sessions answers the session list with Cache-Control: no-store', async () => {
      const cookie = sessionCookieOf(await send(server.port, { path: '/api/session', body: { email: ALICE } }));
      const response = await send(server.port, {
        path: '/api/auth/list-sessions',
        headers: { cookie: cookie.split(';')[0] ?? '' },
      });
      expect(response.status, response.text).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
    });
  });
}

test.describe('next start behind a trusted proxy (TRUST_PROXY=loopback)', () => {
  let server: ProductionServer;
  test.beforeAll(async () => {
    test.setTimeout(60_000);
    // The test's own connections come from 127.0.0.1, as a proxy on this machine's would.
    server = await startServer('next start', {
      TRUST_PROXY: 'loopback',
      RATE_LIMIT_AUTH_MAIL_IP: '3/15m',
      RATE_LIMIT_INVITATION_LOOKUP: '2/1m',
    });
  });
  test.afterAll(async () => server?.stop());

  test('the client is the address the proxy appended; what the client wrote left of it does not count', async () => {
    const email = `trust-${randomUUID()}@example.com`;
    const client = '203.0.113.44';
    const statuses = await failSignIns(server.port, email, 6, (attempt) => ({
      // The client sent its own X-Forwarded-For; the proxy appended the address it saw.
      'x-forwarded-for': `198.51.100.${attempt + 1}, ${client}`,
    }));
    expect(statuses, server.output()).toEqual([401, 401, 401, 401, 401, 429]);
    // Another client behind the same proxy has its own count.
    expect(await failSignIns(server.port, email, 1, () => ({ 'x-forwarded-for': '203.0.113.45' }))).toEqual([401]);
  });

  test('dev sign-in refuses a remote client the proxy names, whatever Host says', async () => {
    const remote = await send(server.port, {
      path: '/api/session',
      body: { email: ALICE },
      headers: { host: `localhost:${server.port}`, 'x-forwarded-for': '203.0.113.50' },
    });
    expect(remote.status, remote.text).toBe(403);
    expect(JSON.parse(remote.text).error.message).toBe(
      'Dev sign-in answers only clients on this machine (loopback) in production',
    );
    expect(remote.headers['set-cookie']).toBeUndefined();
  });

  test("the proxy's X-Forwarded-Proto counts: https makes the cookie Secure", async () => {
    const response = await send(server.port, {
      path: '/api/session',
      body: { email: ALICE },
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(response.status).toBe(200);
    expect(sessionCookieOf(response)).toMatch(/;\s*Secure/i);
  });

  test('reset requests: per address the same answer, per client address a 429 that forged entries do not escape', async () => {
    const client = `203.0.113.${100 + Math.floor(Math.random() * 100)}`;
    const ask = (email: string, forged: string) =>
      send(server.port, {
        path: '/api/auth/request-password-reset',
        body: { email, redirectTo: '/reset-password' },
        headers: { 'x-forwarded-for': `${forged}, ${client}` },
      });
    const answers = [await ask(ALICE, '198.51.100.1'), await ask('nobody@example.com', '198.51.100.2')];
    answers.push(await ask(ALICE, '198.51.100.3'));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect(new Set(answers.map((answer) => answer.text)).size).toBe(1);
    const refused = await ask(ALICE, '198.51.100.4');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  test('the invitation page counts its lookups per client address, as the API does', async () => {
    const client = `203.0.113.${100 + Math.floor(Math.random() * 100)}`;
    const view = (forged: string, who = client) =>
      send(server.port, {
        path: `/invitations/${randomUUID()}`,
        headers: { 'x-forwarded-for': `${forged}, ${who}` },
      });
    const valid = 'This invitation link is not valid';
    // The wait is what is left of the minute: "1 minute", or seconds once a second of it has gone.
    const limited = /Too many invitation links opened from your address\. Try again in (1 minute|\d+ seconds?)\./;
    for (const forged of ['198.51.100.1', '198.51.100.2']) {
      const page = await view(forged);
      expect(page.status).toBe(200);
      expect(page.text).toContain(valid);
    }
    // The third lookup in the minute, whatever the client wrote left of the proxy's entry.
    const refused = await view('198.51.100.3');
    expect(refused.text).toMatch(limited);
    expect(refused.text).not.toContain(valid);
    // One count for the page and the API: the API's lookup is refused too.
    const api = await send(server.port, {
      path: '/api/invitations/lookup',
      body: { token: randomUUID() },
      headers: { 'x-forwarded-for': client },
    });
    expect(api.status, api.text).toBe(429);
    // Another client behind the same proxy has its own count.
    expect((await view('198.51.100.4', '203.0.113.7')).text).toContain(valid);
  });
});

test('the /sign-in page action signs in from this machine only (the same rule as POST /api/session)', async ({
  browser,
}) => {
  test.setTimeout(60_000);
  // Behind a trusted proxy on loopback: a browser the proxy names as remote, then one on this machine.
  const server = await startServer('next start', { TRUST_PROXY: 'loopback' });
  try {
    for (const [forwardedFor, allowed] of [
      ['203.0.113.51', false],
      ['127.0.0.1', true],
    ] as const) {
      const context = await browser.newContext({
        baseURL: `http://127.0.0.1:${server.port}`,
        extraHTTPHeaders: { 'x-forwarded-for': forwardedFor },
      });
      const page = await context.newPage();
      await page.goto('/sign-in');
      await page.getByRole('button', { name: /Alice/ }).first().click();
      if (allowed) {
        await expect(page).not.toHaveURL(/\/sign-in/);
        const me = await page.request.get('/api/session');
        expect(me.status()).toBe(200);
      } else {
        await expect(page.locator('#sign-in-error')).toHaveText(
          'Dev sign-in answers only clients on this machine (loopback) in production.',
        );
        expect((await page.request.get('/api/session')).status()).toBe(401);
      }
      await context.close();
    }
  } finally {
    await server.stop();
  }
});

for (const kind of ['next start', 'standalone'] as const) {
  test(`${kind} in production refuses to start without APP_URL, naming it`, async () => {
    const { code, output } = await runUntilExit(kind, {
      SESSION_SECRET: 'trust-spec-secret-not-for-production-0123456789',
      ...readE2eServices(),
    });
    expect(code, output).not.toBe(0);
    expect(code, 'killed by the test instead of exiting by itself').not.toBeNull();
    expect(output).toMatch(/APP_URL: missing/);
  });
}
