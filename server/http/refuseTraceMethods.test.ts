/**
 * TRACE gets a 405 from Node's HTTP server itself: Next.js would
 * build a WHATWG Request from them, whose constructor throws (a 500).
 */
import { once } from 'node:events';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refuseTraceMethods } from './refuseTraceMethods';

let server: Server;
let port: number;

beforeAll(async () => {
  refuseTraceMethods({ 'x-content-type-options': 'nosniff', 'x-frame-options': 'DENY' });
  refuseTraceMethods({ 'x-frame-options': 'SAMEORIGIN' }); // idempotent: installing twice must not wrap twice
  // The request listener does what Next.js does with every request: make a WHATWG Request of it.
  server = createServer((incoming, response) => {
    try {
      new Request(`http://localhost${incoming.url}`, { method: incoming.method });
      response.end('served');
    } catch {
      response.writeHead(500).end('Internal Server Error');
    }
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(
  method: string,
  body?: string,
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: '127.0.0.1', port, method, path: '/api/teams/1/campaigns' }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, text }));
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

describe('refuseTraceMethods', () => {
  it('answers TRACE with 405, Allow and the API error body, without echoing the request', async () => {
    const response = await send('TRACE', 'echo me');
    expect(response.status).toBe(405);
    expect(response.headers.allow).toBe('GET, HEAD, POST, PUT, PATCH, DELETE');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(JSON.parse(response.text)).toEqual({
      error: { code: 'METHOD_NOT_SUPPORTED', message: 'TRACE is not supported' },
    });
    expect(response.text).not.toContain('echo me');
  });

  it('leaves every other method to the server', async () => {
    for (const method of ['GET', 'POST', 'DELETE', 'OPTIONS']) {
      expect((await send(method)).text).toBe('served');
    }
  });
});
