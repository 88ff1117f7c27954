/**
 * What Next.js cannot serve is answered by Node's HTTP server itself: the
 * listener here does what Next.js does first with every request (a WHATWG
 * Request of it, whose constructor throws on TRACE; a decoded path, which
 * throws on bad percent-encoding), and answers OPTIONS outside the route
 * files' paths as Next answers it on a page: an empty 400.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseUnservableRequests } from './refuseUnservableRequests';

let server: Server;
let port: number;

beforeAll(async () => {
  refuseUnservableRequests(
    { 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' },
    { routePaths: ['/api', '/dev/mail/messages'] },
  );
  refuseUnservableRequests({ 'x-frame-options': 'SAMEORIGIN' }); // idempotent: installing twice must not wrap twice
  server = createServer((incoming, response) => {
    const path = (incoming.url ?? '').split('?')[0] ?? '';
    if (incoming.method === 'OPTIONS' && !/^\/(api|dev\/mail\/messages)(\/|$)/.test(decodeURI(path))) {
      response.writeHead(400).end(); // Next.js on a page
      return;
    }
    try {
      new Request(`http://localhost${incoming.url}`, { method: incoming.method });
      decodeURIComponent((incoming.url ?? '').split('?')[0] ?? '');
      response.end(`served ${incoming.url}`);
    } catch {
      response.writeHead(500).end('Internal Server Error');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Answer {
  status: number;
  headers: string;
  body: string;
}

/** Sends `method target` over a raw socket: node:http's client would not send an absolute-form target as given. */
async function send(method: string, target = '/api/teams/1/campaigns', body = ''): Promise<Answer> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.end(
    `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  let text = '';
  socket.setEncoding('utf8');
  for await (const chunk of socket) text += chunk;
  const [head = '', rest = ''] = text.split('\r\n\r\n', 2);
  // A listener that answers with `end(text)` uses chunked encoding on a kept-alive socket: take the chunk's data.
  const chunked = /transfer-encoding: chunked/i.test(head);
  return {
    status: Number(head.split(' ')[1]),
    headers: head.toLowerCase(),
    body: chunked ? (rest.split('\r\n')[1] ?? '') : rest,
  };
}

describe('refuseUnservableRequests', () => {
  it('answers TRACE with 405, Allow and the API error body, without echoing the request', async () => {
    const response = await send('TRACE', '/api/teams/1/campaigns', 'echo me');
    expect(response.status).toBe(405);
    expect(response.headers).toContain('allow: get, head, post, put, patch, delete');
    expect(response.headers).toContain('x-content-type-options: nosniff');
    expect(response.headers).toContain('x-frame-options: deny');
    expect(JSON.parse(response.body)).toEqual({
      error: { code: 'METHOD_NOT_SUPPORTED', message: 'TRACE is not supported' },
    });
    expect(response.body).not.toContain('echo me');
  });

  it('answers methods no route serves with the same 405', async () => {
    for (const method of ['PROPFIND', 'MKCOL', 'LOCK', 'SEARCH', 'QUERY']) {
      const response = await send(method);
      expect(response.status, method).toBe(405);
      expect(JSON.parse(response.body).error.code).toBe('METHOD_NOT_SUPPORTED');
    }
  });

  it('answers a path with malformed percent-encoding with a 400 JSON error', async () => {
    for (const target of ['/api/teams/%FF', '/api/teams/1/campaigns/%ED%A0%80', '/api/teams/%', '/teams/%FF?x=1']) {
      const response = await send('GET', target);
      expect(response.status, target).toBe(400);
      expect(JSON.parse(response.body)).toEqual({
        error: { code: 'BAD_REQUEST', message: 'The path has malformed percent-encoding' },
      });
    }
  });

  it('serves an absolute-form target as its path, never as a way to name another host', async () => {
    const response = await send('GET', 'http://evil.example/api/health?x=%FF');
    expect(response.status).toBe(200);
    expect(response.body).toBe('served /api/health?x=%FF');
    const refused = await send('OPTIONS', '*');
    expect(refused.status).toBe(400);
    expect(JSON.parse(refused.body).error.message).toBe('The request target must be a path');
  });

  it('answers OPTIONS on a page with 204 and the methods a page takes', async () => {
    for (const target of ['/', '/teams/1/members?tab=all', '/robots.txt', '/apiary', 'http://elsewhere/sign-in']) {
      const response = await send('OPTIONS', target);
      expect(response.status, target).toBe(204);
      expect(response.headers, target).toContain('allow: get, head, options');
      expect(response.headers, target).toContain('x-content-type-options: nosniff');
      expect(response.body, target).toBe('');
    }
  });

  it('refuses PUT, PATCH and DELETE on a page with a 405 naming what a page takes, not a rendered page', async () => {
    for (const method of ['PUT', 'PATCH', 'DELETE']) {
      const response = await send(method, '/teams/1?x=1', '{"name":"x"}');
      expect(response.status, method).toBe(405);
      expect(response.headers, method).toContain('allow: get, head, options');
      expect(JSON.parse(response.body), method).toEqual({
        error: {
          code: 'METHOD_NOT_SUPPORTED',
          message: `${method} is not supported on a page; use GET, HEAD, OPTIONS`,
        },
      });
    }
    // POST stays: a form's server action posts to its page without script (no Next-Action header).
    expect((await send('POST', '/teams/1', 'a=1')).status).toBe(200);
  });

  it("leaves OPTIONS under the route files' paths to their routes, which answer it themselves", async () => {
    for (const target of ['/api', '/api/', '/api/teams/1/campaigns?x=1', '/%61pi/health', '/dev/mail/messages']) {
      const response = await send('OPTIONS', target);
      expect(response.status, target).toBe(200);
      expect(response.body, target).toBe(`served ${target}`);
    }
  });

  it('leaves every servable request to the server', async () => {
    for (const method of ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      expect((await send(method, '/api/teams/%C3%A9?q=%FF')).status, method).toBe(200);
      expect((await send(method, '/dev/mail/messages')).status, method).toBe(200);
    }
    expect((await send('GET', '/api/teams/%C3%A9')).body).toBe('served /api/teams/%C3%A9');
  });
});
