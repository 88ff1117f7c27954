/**
 * Graceful shutdown waits for every request Node's HTTP server is serving,
 * not only the API routes that count themselves: the listener here stands for
 * Next rendering a page (no `trackRequest` anywhere), answering after a pause
 * as a page blocked on a slow query would.
 */
import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { until } from '../testing/until';
import { onShutdown, resetShutdownForTests, shutdown } from './shutdown';
import { trackServerRequests } from './trackServerRequests';

let server: Server;
let port: number;
/** What happened, in order: requests received and answered, cleanups run. */
let events: string[];

const PAGE_MS = 400;
/** Pages that answer when a promise settles instead of after PAGE_MS: orders requests without racing timers. */
const holds = new Map<string, Promise<unknown>>();

beforeAll(async () => {
  trackServerRequests();
  trackServerRequests(); // idempotent: installing twice must not count twice
  server = createServer((incoming, response) => {
    events.push(`received ${incoming.url}`);
    const ready = holds.get(incoming.url ?? '') ?? new Promise((resolve) => setTimeout(resolve, PAGE_MS));
    void ready.then(() => {
      if (response.destroyed) return;
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end(`<p>page ${incoming.url}</p>`, () => events.push(`answered ${incoming.url}`));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  resetShutdownForTests();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});
beforeEach(() => {
  resetShutdownForTests();
  events = [];
  holds.clear();
  onShutdown('database pool', () => events.push('cleanup'));
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** GET `path` on a kept-alive connection of its own (as a proxy in front would hold one). */
function get(path: string): { answer: Promise<Answer>; abort: () => void } {
  const controller = new AbortController();
  const answer = new Promise<Answer>((resolve, reject) => {
    const outgoing = request({
      port,
      host: '127.0.0.1',
      path,
      signal: controller.signal,
      headers: { connection: 'keep-alive' },
    });
    outgoing.on('response', (incoming) => {
      let body = '';
      incoming.setEncoding('utf8');
      incoming.on('data', (chunk) => (body += chunk));
      incoming.on('end', () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
  return { answer, abort: () => controller.abort() };
}

/** Waits, polling every 5 ms, for the server to have seen `path`'s request. */
const received = (path: string) =>
  until(() => events.includes(`received ${path}`), 5_000, `the server to receive ${path}`, 5);

it('waits for a page request in flight before the cleanups run', async () => {
  const page = get('/teams/1/campaigns');
  await received('/teams/1/campaigns');

  const result = await shutdown({ drainTimeoutMs: 5_000 });

  expect(result).toEqual({ drained: true, failed: [] });
  expect(events).toEqual(['received /teams/1/campaigns', 'answered /teams/1/campaigns', 'cleanup']);
  const answer = await page.answer;
  expect(answer.status).toBe(200);
  expect(answer.body).toBe('<p>page /teams/1/campaigns</p>');
  // Begun before the drain: Next's own headers, kept alive as usual.
  expect(answer.headers.connection).toBe('keep-alive');
});

it('serves a page requested while draining, waits for it too, and closes its connection', async () => {
  // The first page is still being served when the late one arrives: it answers once that has come in.
  holds.set('/first', received('/late'));
  const first = get('/first');
  await received('/first');
  const stopping = shutdown({ drainTimeoutMs: 5_000 });
  await new Promise((resolve) => setTimeout(resolve, PAGE_MS / 2));
  const late = get('/late');

  expect(await stopping).toEqual({ drained: true, failed: [] });
  expect(events).toEqual(['received /first', 'received /late', 'answered /first', 'answered /late', 'cleanup']);
  const answer = await late.answer;
  expect(answer.status).toBe(200);
  expect(answer.body).toBe('<p>page /late</p>');
  expect(answer.headers.connection).toBe('close');
  expect((await first.answer).status).toBe(200);
});

it('stops counting a request whose client went away', async () => {
  const page = get('/abandoned');
  const failed = page.answer.catch((error: Error) => error.name);
  await received('/abandoned');
  page.abort();
  expect(await failed).toBe('AbortError');

  const started = performance.now();
  expect(await shutdown({ drainTimeoutMs: 5_000 })).toEqual({ drained: true, failed: [] });
  // The response never finished: its connection's close ended the count, well before the page would have answered.
  expect(performance.now() - started).toBeLessThan(PAGE_MS);
  expect(events).toEqual(['received /abandoned', 'cleanup']);
});
