/**
 * The client address and forwarded headers, decided from the socket: the
 * parser of TRUST_PROXY, the walk through X-Forwarded-For, and the rewrite at
 * a real Node HTTP server's request event (as under `next start`).
 */
import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import { createServer as createHttpsServer, type Server as HttpsServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardingVerified, parseTrustProxy, resolveClientAddress, trustForwardedHeaders } from './trustProxy';

/** Starts `server` on a free loopback port and returns the port. */
async function listen(server: Server | HttpsServer): Promise<number> {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
}

const close = (server: Server | HttpsServer) => new Promise<void>((resolve) => server.close(() => resolve()));

/** GETs / on `port` with `headers` (over TLS with `httpsRequest`) and waits for the whole answer. */
function get(
  send: typeof httpRequest | typeof httpsRequest,
  port: number,
  headers: Record<string, string>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const options = { host: '127.0.0.1', port, path: '/', headers, rejectUnauthorized: false };
    const outgoing = send(options, (response) => response.resume().on('end', () => resolve()));
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('resolveClientAddress', () => {
  const none = parseTrustProxy(undefined);

  it('with nothing trusted, is the socket whatever the headers say', () => {
    expect(resolveClientAddress('::ffff:203.0.113.7', '198.51.100.7', none)).toEqual({
      address: '203.0.113.7',
      viaTrustedProxy: false,
    });
    expect(resolveClientAddress('203.0.113.7', undefined, parseTrustProxy('0')).address).toBe('203.0.113.7');
  });

  it('by hops: the entry that many places from the socket, never what the client wrote left of it', () => {
    const one = parseTrustProxy('1');
    expect(resolveClientAddress('10.0.0.2', '1.2.3.4, 203.0.113.7', one)).toEqual({
      address: '203.0.113.7',
      viaTrustedProxy: true,
    });
    expect(resolveClientAddress('10.0.0.2', '1.2.3.4, 203.0.113.7, 10.0.0.9', parseTrustProxy('2')).address).toBe(
      '203.0.113.7',
    );
    // A proxy that did not append: the furthest hop known.
    expect(resolveClientAddress('10.0.0.2', undefined, parseTrustProxy('2')).address).toBe('10.0.0.2');
  });

  it('by proxy addresses: from a proxy, skips every trusted address from the right', () => {
    const trust = parseTrustProxy('10.0.0.0/8, 192.0.2.7');
    expect(resolveClientAddress('10.1.2.3', '1.2.3.4, 203.0.113.7, 192.0.2.7', trust)).toEqual({
      address: '203.0.113.7',
      viaTrustedProxy: true,
    });
    // From anyone else the header is ignored: a client cannot claim a proxy's place.
    expect(resolveClientAddress('198.51.100.9', '127.0.0.1', trust)).toEqual({
      address: '198.51.100.9',
      viaTrustedProxy: false,
    });
    expect(resolveClientAddress('::1', '203.0.113.7', parseTrustProxy('loopback')).address).toBe('203.0.113.7');
  });

  it('refuses what it cannot read', () => {
    for (const text of ['yes', '11', '10.0.0.0/33', '10.0.0.0/', '::/129', 'example.com', '1.2.3.4/8/2']) {
      expect(() => parseTrustProxy(text), text).toThrow(/at most 10 hops|is not a hop count/);
    }
  });
});

// Before any other test here sends a request through the hook: in this process none has passed it yet.
describe('a request that reached the server in the moment before the hook', () => {
  it('is not believed, unless TRUST_PROXY names a proxy in front that writes the headers', async () => {
    let verified: boolean | undefined;
    // Next opens its port before instrumentation runs: the request event fires, then the hook is installed,
    // then the waiting request is handled.
    const early = createServer((incoming, response) => {
      trustForwardedHeaders(parseTrustProxy(undefined));
      verified = forwardingVerified(new Request('http://localhost/', { headers: incoming.headers as HeadersInit }));
      response.end('ok');
    });
    await get(httpRequest, await listen(early), { 'x-forwarded-for': '127.0.0.1' });
    await close(early);
    expect(verified, 'its client wrote X-Forwarded-For: an unknown address').toBe(false);

    // A platform that calls the handlers itself (no request ever passes the hook): its proxy's header counts.
    trustForwardedHeaders(parseTrustProxy('1'));
    const fromPlatform = new Request('http://localhost/', { headers: { 'x-forwarded-for': '203.0.113.7' } });
    expect(forwardingVerified(fromPlatform)).toBe(true);
  });
});

describe('trustForwardedHeaders at the server request event', () => {
  let server: Server;
  let port: number;
  let seen: IncomingHttpHeaders = {};

  beforeAll(async () => {
    trustForwardedHeaders(parseTrustProxy(undefined));
    server = createServer((incoming, response) => {
      seen = { ...incoming.headers };
      response.end('ok');
    });
    port = await listen(server);
  });
  afterAll(async () => {
    trustForwardedHeaders(parseTrustProxy(undefined));
    await close(server);
  });

  async function send(headers: Record<string, string>): Promise<IncomingHttpHeaders> {
    await get(httpRequest, port, headers);
    return seen;
  }

  const forged = {
    'x-forwarded-for': '198.51.100.7',
    'x-forwarded-host': 'evil.example',
    'x-forwarded-proto': 'https',
    'x-forwarded-port': '443',
    forwarded: 'for=198.51.100.7;host=evil.example;proto=https',
    'x-real-ip': '198.51.100.7',
    'x-forwarding-verified': 'forged',
  };

  it('with nothing trusted, replaces the forwarded headers with the socket address and drops the rest', async () => {
    const headers = await send(forged);
    expect(headers['x-forwarded-for']).toBe('127.0.0.1');
    for (const name of ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded', 'x-real-ip']) {
      expect(headers[name], name).toBeUndefined();
    }
    expect(headers['x-forwarding-verified']).not.toBe('forged');
    const stamped = new Request('http://localhost/', { headers: headers as Record<string, string> });
    expect(forwardingVerified(stamped)).toBe(true);
    expect(forwardingVerified(new Request('http://localhost/', { headers: forged }))).toBe(false);
  });

  it('from a trusted proxy, keeps the address and the host/proto it wrote (the rightmost)', async () => {
    trustForwardedHeaders(parseTrustProxy('loopback'));
    const headers = await send({
      'x-forwarded-for': '198.51.100.7, 203.0.113.7',
      'x-forwarded-host': 'evil.example, app.example.com',
      'x-forwarded-proto': 'https',
    });
    expect(headers['x-forwarded-for']).toBe('203.0.113.7');
    expect(headers['x-forwarded-host']).toBe('app.example.com');
    expect(headers['x-forwarded-proto']).toBe('https');
  });

  it('rewrites requests to an HTTPS server too (`next dev --experimental-https`)', async () => {
    trustForwardedHeaders(parseTrustProxy(undefined));
    // A throw-away self-signed certificate (openssl, as on every machine this template targets).
    const dir = mkdtempSync(path.join(tmpdir(), 'trust-proxy-'));
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert].concat([
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
      ]),
      { stdio: 'ignore' },
    );
    let seenOverTls: IncomingHttpHeaders = {};
    const secure = createHttpsServer({ key: readFileSync(key), cert: readFileSync(cert) }, (incoming, response) => {
      seenOverTls = { ...incoming.headers };
      response.end('ok');
    });
    rmSync(dir, { recursive: true, force: true });
    await get(httpsRequest, await listen(secure), forged);
    await close(secure);
    expect(seenOverTls['x-forwarded-for']).toBe('127.0.0.1');
    expect(seenOverTls['x-forwarded-host']).toBeUndefined();
    expect(forwardingVerified(new Request('http://localhost/', { headers: seenOverTls as HeadersInit }))).toBe(true);
  });
});
