/**
 * The /dev/mail page and its "Empty" action under the Host a request names:
 * both read the mailbox only when the request reached the app under a name a
 * DNS-rebinding page cannot take (the messages route's test covers the same
 * rule on the JSON). A refused page is Next's 404, as in production; a
 * refused action leaves the mailbox alone.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';

// devMailbox.ts and requestFromHeaders.ts are marked 'server-only', which throws outside React's server build.
vi.mock('server-only', () => ({}));
// Outside a Next.js request there are no request headers and no cache to revalidate: the test supplies both.
const request = vi.hoisted(() => ({ headers: new Headers() }));
vi.mock('next/headers', () => ({ headers: async () => request.headers }));
vi.mock('next/cache', () => ({ revalidatePath: () => {} }));

/** A catcher holding one reset mail, and what it was asked. */
async function startCatcher() {
  const asked: string[] = [];
  const catcher = createServer((incoming, response) => {
    asked.push(`${incoming.method} ${incoming.url}`);
    response.setHeader('content-type', 'application/json');
    const mail = {
      id: '1',
      receivedAt: new Date(0).toISOString(),
      from: 'app@example.com',
      to: ['a@example.com'],
      subject: 'Reset your password',
      text: 'Open http://x/reset',
      html: '',
      links: ['http://x/reset'],
    };
    response.end(JSON.stringify({ messages: incoming.method === 'GET' ? [mail] : [] }));
  });
  await new Promise<void>((resolve) => catcher.listen(0, '127.0.0.1', resolve));
  const { port } = catcher.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, asked, close: () => catcher.close() };
}

/** The page and its action imported afresh under `vars` (env.ts reads the environment once), for a request to `host`. */
async function load(host: string, vars: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  request.headers = new Headers({ host });
  const [{ default: DevMailPage }, { emptyDevMailbox }] = await Promise.all([import('./page'), import('./actions')]);
  return { DevMailPage, emptyDevMailbox };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

const NOT_FOUND = { digest: 'NEXT_HTTP_ERROR_FALLBACK;404' };

describe('without APP_URL (the origin is whatever Host says)', () => {
  it.each(['evil.example:3000', 'localhost.evil.example:3000'])(
    'under %s: the page is a 404 and Empty does nothing, the catcher never asked',
    async (host) => {
      const catcher = await startCatcher();
      try {
        const { DevMailPage, emptyDevMailbox } = await load(host, { DEV_MAILBOX_URL: catcher.url });
        await expect(DevMailPage()).rejects.toMatchObject(NOT_FOUND);
        await emptyDevMailbox();
        expect(catcher.asked).toEqual([]);
      } finally {
        catcher.close();
      }
    },
  );

  it.each(['localhost:3000', '127.0.0.1:3000', '[::1]:3000'])(
    'under %s: the page lists the mail and Empty empties',
    async (host) => {
      const catcher = await startCatcher();
      try {
        const { DevMailPage, emptyDevMailbox } = await load(host, { DEV_MAILBOX_URL: catcher.url });
        expect(JSON.stringify(await DevMailPage())).toContain('Reset your password');
        await emptyDevMailbox();
        expect(catcher.asked).toEqual(['GET /messages', 'DELETE /messages']);
      } finally {
        catcher.close();
      }
    },
  );
});

it('with APP_URL: served under its host name, refused under another', async () => {
  const catcher = await startCatcher();
  try {
    const vars = { DEV_MAILBOX_URL: catcher.url, APP_URL: 'http://devbox.test:3000' };
    const served = await load('devbox.test:3000', vars);
    expect(JSON.stringify(await served.DevMailPage())).toContain('Reset your password');
    await served.emptyDevMailbox();
    const refused = await load('evil.example:3000', vars);
    await expect(refused.DevMailPage()).rejects.toMatchObject(NOT_FOUND);
    await refused.emptyDevMailbox();
    expect(catcher.asked).toEqual(['GET /messages', 'DELETE /messages']);
  } finally {
    catcher.close();
  }
});
