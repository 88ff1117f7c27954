/**
 * GET /dev/mail/messages through the API's edge: the mailbox as JSON, and its
 * refusals in the API's error envelope (404 in production or under a host
 * name a DNS-rebinding page can take, 503 without a catcher), with a request
 * id; other methods answer 405.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '@/server/testing';

// devMailbox.ts is marked 'server-only', which throws outside React's server build: this is the server.
vi.mock('server-only', () => ({}));

/** Imports the route afresh under `vars` (env.ts reads the environment once, at import). */
async function loadRoute(vars: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  return import('./route');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

const messages = (query = '') =>
  new Request(`http://localhost/dev/mail/messages${query}`, { headers: { 'x-request-id': 'probe-1' } });

it('lists the caught mails the catcher holds', async () => {
  const catcher = createServer((request, response) => {
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ messages: [{ id: '1', subject: 'Hi', asked: request.url }] }));
  });
  await new Promise<void>((resolve) => catcher.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = catcher.address() as AddressInfo;
    const { GET } = await loadRoute({ DEV_MAILBOX_URL: `http://127.0.0.1:${port}` });
    const response = await GET(messages('?to=a@example.com'));
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toBe('probe-1');
    expect(await response.json()).toEqual({
      messages: [{ id: '1', subject: 'Hi', asked: '/messages?to=a%40example.com' }],
    });
  } finally {
    catcher.close();
  }
});

it('answers 503 in the error envelope when the catcher is not reachable', async () => {
  const { GET } = await loadRoute({ DEV_MAILBOX_URL: `http://127.0.0.1:${await freePort()}` });
  const response = await GET(messages());
  expect(response.status).toBe(503);
  const { error } = (await response.json()) as { error: { code: string; message: string; requestId: string } };
  expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', requestId: 'probe-1' });
  expect(error.message).toContain('is npm run dev running?');
});

it('is a 404 in production, whatever is set', async () => {
  const { GET } = await loadRoute({ NODE_ENV: 'production', DEV_MAILBOX_URL: 'http://127.0.0.1:1' });
  const response = await GET(messages());
  expect(response.status).toBe(404);
  expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
});

/** A catcher holding one reset mail, and the paths it was asked for. */
async function startCatcher() {
  const asked: string[] = [];
  const catcher = createServer((request, response) => {
    asked.push(`${request.method} ${request.url}`);
    response.setHeader('content-type', 'application/json');
    response.end(
      JSON.stringify({ messages: [{ id: '1', subject: 'Reset your password', links: ['http://x/reset'] }] }),
    );
  });
  await new Promise<void>((resolve) => catcher.listen(0, '127.0.0.1', resolve));
  const { port } = catcher.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, asked, close: () => catcher.close() };
}

/** A browser's GET under `host`: a DNS-rebinding page's own name reaches this server as its Host. */
const messagesAt = (host: string) =>
  new Request(`http://${host}/dev/mail/messages`, { headers: { host, 'x-request-id': 'probe-1' } });

describe('without APP_URL (the origin is whatever Host says): loopback host names only', () => {
  it.each(['evil.example:3000', '192.168.1.20:3000', 'localhost.evil.example:3000'])(
    'answers %s as if there were no mailbox (404), without reading the catcher',
    async (host) => {
      const catcher = await startCatcher();
      try {
        const { GET } = await loadRoute({ DEV_MAILBOX_URL: catcher.url });
        const response = await GET(messagesAt(host));
        expect(response.status).toBe(404);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
        expect(catcher.asked).toEqual([]);
      } finally {
        catcher.close();
      }
    },
  );

  it.each(['localhost:3000', 'app.localhost:3000', '127.0.0.1:3000', '[::1]:3000'])('answers %s', async (host) => {
    const catcher = await startCatcher();
    try {
      const { GET } = await loadRoute({ DEV_MAILBOX_URL: catcher.url });
      const response = await GET(messagesAt(host));
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ messages: [{ subject: 'Reset your password' }] });
    } finally {
      catcher.close();
    }
  });
});

it('takes the Host the browser sent over an X-Forwarded-Host the page wrote (TRUST_PROXY trusting loopback keeps it)', async () => {
  const catcher = await startCatcher();
  try {
    const { GET } = await loadRoute({ DEV_MAILBOX_URL: catcher.url });
    const forged = new Request('http://evil.example:3000/dev/mail/messages', {
      headers: { host: 'evil.example:3000', 'x-forwarded-host': 'localhost:3000' },
    });
    expect((await GET(forged)).status).toBe(404);
    expect(catcher.asked).toEqual([]);
  } finally {
    catcher.close();
  }
});

describe('with APP_URL: its host name, or a loopback one', () => {
  it.each([
    ['devbox.test:3000', 200],
    ['localhost:3000', 200],
    ['evil.example:3000', 404],
  ])('answers %s with %i', async (host, status) => {
    const catcher = await startCatcher();
    try {
      const { GET } = await loadRoute({ DEV_MAILBOX_URL: catcher.url, APP_URL: 'http://devbox.test:3000' });
      expect((await GET(messagesAt(host))).status).toBe(status);
    } finally {
      catcher.close();
    }
  });
});

it('answers other methods with a JSON 405 naming GET', async () => {
  const { POST } = await loadRoute({});
  const response = await POST(new Request('http://localhost/dev/mail/messages', { method: 'POST' }));
  expect(response.status).toBe(405);
  expect(response.headers.get('allow')).toContain('GET');
});
