/**
 * Who is at the other end of the connection: the client address and the
 * forwarded headers the app may believe, decided from the socket.
 *
 * A route handler never sees the socket, and Next.js only fills
 * `X-Forwarded-For` / `-Host` / `-Proto` when the client did not send them
 * itself: left alone, any client chooses its own address (and so escapes
 * every per-address limit) and its own host (and so the origin of links).
 * `trustForwardedHeaders()` rewrites those headers at the HTTP server's
 * `request` event, before Next.js reads them:
 *
 * - `X-Forwarded-For` becomes ONE address: the socket's, or, when the socket
 *   is a trusted proxy, the first address from the right of the header that
 *   is not one of your proxies (`resolveClientAddress`);
 * - `X-Forwarded-Host`, `-Proto`, `-Port`, `Forwarded` and `X-Real-IP` are
 *   removed unless the socket is a trusted proxy (Next.js then fills
 *   host/proto from `Host` and the socket); from a trusted proxy only the
 *   value it wrote (the rightmost) is kept;
 * - a per-process stamp marks the request as rewritten (`forwardingVerified`).
 *
 * Why at the server's request event, installed from instrumentation, rather
 * than a launcher script: it holds for every way the app is served (`next
 * start`, `.next/standalone/server.js`, `next dev`) without changing how a
 * host starts it. Its one gap: Next.js opens the port a moment before
 * instrumentation runs; a request that arrived in that moment was not
 * rewritten and carries no stamp. Such a request cannot be told from one on a
 * platform that calls the route handlers without a Node server (no request
 * there ever passes the hook), so `forwardingVerified` believes an unstamped
 * request only where `TRUST_PROXY` says a proxy in front writes the headers
 * (docs/security.md, "Vercel"), and only until a request has passed the hook;
 * otherwise it is an unknown address (fail-closed). A process that never
 * installed the hook (unit tests) reads the headers as given.
 *
 * `TRUST_PROXY` (env.ts) is parsed by `parseTrustProxy`: a hop count, or a
 * list of proxy addresses / CIDRs / the names loopback, private, linklocal.
 */
import { randomBytes } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { Server as HttpServer, type IncomingMessage } from 'node:http';
import { Server as HttpsServer } from 'node:https';
import { BlockList, isIP } from 'node:net';

/** How many proxies stand in front (`hops`), or which addresses are proxies (`proxies`). */
export type TrustProxy = { hops: number } | { proxies: BlockList; list: string[] };

/** Address ranges by name, for `TRUST_PROXY=loopback,private`. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  private: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
};

/**
 * `TRUST_PROXY` as written: unset/empty/`0` (nothing trusted), a hop count
 * (`1`: one nginx or load balancer), or a comma-separated list of addresses,
 * CIDRs and range names (`10.0.0.0/8, 192.0.2.7, loopback`). Throws an Error
 * naming the bad entry.
 */
export function parseTrustProxy(text: string | undefined): TrustProxy {
  const value = (text ?? '').trim().toLowerCase();
  if (value === '' || value === 'false') return { hops: 0 };
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error(`"${text}": at most 10 hops`);
    return { hops };
  }
  const proxies = new BlockList();
  const list = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of list) {
    for (const range of NAMED_RANGES[entry] ?? [entry]) {
      const [address = '', prefix, extra] = range.split('/');
      const family = isIP(address);
      const maxBits = family === 6 ? 128 : 32;
      const bits = prefix === undefined ? maxBits : Number(prefix);
      if (!family || extra !== undefined || (prefix !== undefined && !/^\d+$/.test(prefix)) || bits > maxBits) {
        throw new Error(`"${entry}" is not a hop count, an IP address, a CIDR or loopback/private/linklocal`);
      }
      proxies.addSubnet(address, bits, family === 6 ? 'ipv6' : 'ipv4');
    }
  }
  return { proxies, list };
}

/** An address as one spelling: no brackets, port or zone, IPv4-mapped IPv6 as IPv4; '' when not an IP. */
export function plainAddress(raw: string): string {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text);
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':'));
  text = text.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped?.[1]) text = mapped[1];
  return isIP(text) ? text : '';
}

function isProxy(trust: TrustProxy, address: string, stepsFromSocket: number): boolean {
  if ('hops' in trust) return stepsFromSocket < trust.hops;
  const family = isIP(address);
  return family !== 0 && trust.proxies.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client address: walking from the socket leftwards through
 * `X-Forwarded-For`, the first hop that is not a trusted proxy. With nothing
 * trusted, the socket's. `viaTrustedProxy`: the socket itself is a proxy, so
 * its forwarded headers count.
 */
export function resolveClientAddress(
  socketAddress: string,
  forwardedFor: string | undefined,
  trust: TrustProxy,
): { address: string; viaTrustedProxy: boolean } {
  const socket = plainAddress(socketAddress);
  const chain = [
    ...(forwardedFor ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    socket,
  ];
  const viaTrustedProxy = isProxy(trust, socket, 0);
  let index = chain.length - 1;
  while (index > 0 && isProxy(trust, plainAddress(chain[index] ?? ''), chain.length - 1 - index)) index--;
  return { address: plainAddress(chain[index] ?? ''), viaTrustedProxy };
}

/** Headers only a trusted proxy may set. */
const PROXY_HEADERS = ['x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port', 'forwarded', 'x-real-ip'];
/** Carries the per-process stamp of a rewritten request. */
const STAMP_HEADER = 'x-forwarding-verified';

interface ForwardingState {
  stamp: string;
  /** A request has passed the hook in this process: from then on an unstamped one is suspect. */
  active: boolean;
  /** `TRUST_PROXY` names a proxy in front, which writes the forwarded headers itself. */
  proxyInFront: boolean;
  /** The latest `trustForwardedHeaders` call's setting. */
  trust: TrustProxy;
}
// On globalThis: instrumentation installs the hook; route bundles (their own copies of this module) read the stamp.
const state = globalThis as typeof globalThis & { __trustedForwarding?: ForwardingState };

/** The rightmost value of a comma-separated header (the one the nearest proxy wrote). */
function lastValue(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value.join(',') : value;
  return text?.split(',').at(-1)?.trim() || undefined;
}

/** Rewrites one incoming request's forwarded headers from its socket (see the file header). */
function rewriteForwardedHeaders(request: IncomingMessage, trust: TrustProxy, stamp: string): void {
  const headers = request.headers;
  const forwardedFor = headers['x-forwarded-for'];
  const { address, viaTrustedProxy } = resolveClientAddress(
    request.socket?.remoteAddress ?? '',
    Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor,
    trust,
  );
  if (address) headers['x-forwarded-for'] = address;
  else delete headers['x-forwarded-for'];
  for (const name of PROXY_HEADERS) {
    const kept = viaTrustedProxy && (name === 'forwarded' ? undefined : lastValue(headers[name]));
    if (kept) headers[name] = kept;
    else delete headers[name];
  }
  headers[STAMP_HEADER] = stamp;
}

type Emit = (this: EventEmitter, event: string | symbol, ...args: unknown[]) => boolean;

/**
 * Installs the rewrite on every HTTP(S) server of this process (Next's own):
 * call once at start-up (instrumentation.node.ts); later calls only change
 * `trust`. A custom server of yours gets it too, when created in the same
 * process after this call or before it.
 */
export function trustForwardedHeaders(trust: TrustProxy): void {
  state.__trustedForwarding ??= {
    stamp: randomBytes(18).toString('base64url'),
    active: false,
    proxyInFront: false,
    trust,
  };
  const forwarding = state.__trustedForwarding;
  forwarding.trust = trust;
  forwarding.proxyInFront = 'hops' in trust ? trust.hops > 0 : trust.list.length > 0;
  // https.Server does not inherit http.Server's emit (`next dev --experimental-https`): both get the hook.
  for (const prototype of [HttpServer.prototype, HttpsServer.prototype] as (EventEmitter & { __forwarding?: true })[]) {
    if (prototype.__forwarding) continue;
    prototype.__forwarding = true;
    const emit = prototype.emit as Emit;
    const emitRewritten: Emit = function (event, ...args) {
      if (event === 'request') {
        forwarding.active = true;
        rewriteForwardedHeaders(args[0] as IncomingMessage, forwarding.trust, forwarding.stamp);
      }
      return emit.call(this, event, ...args);
    };
    prototype.emit = emitRewritten;
  }
}

/**
 * Whether a request's forwarded headers can be believed: it passed the
 * rewrite; or no request in this process has yet and `TRUST_PROXY` names a
 * proxy in front (a platform that calls the handlers itself: its proxy owns
 * the headers); or the hook was never installed (unit tests build requests as
 * the rewrite leaves them). Not a request that reached the server in the
 * moment before the hook, with no proxy in front: its client wrote them.
 */
export function forwardingVerified(request: Request): boolean {
  const forwarding = state.__trustedForwarding;
  if (!forwarding) return true;
  if (request.headers.get(STAMP_HEADER) === forwarding.stamp) return true;
  return !forwarding.active && forwarding.proxyInFront;
}
