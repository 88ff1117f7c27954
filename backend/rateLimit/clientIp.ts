/**
 * The client's IP address, as the per-IP rate limits (and the dev sign-in's
 * loopback rule) key it.
 *
 * A route handler never sees the socket, so the server resolves it before
 * Next.js runs (server/net/trustProxy.ts, installed by
 * instrumentation.node.ts): `X-Forwarded-For` then holds exactly one
 * address, the socket's, or, when the socket is a proxy named by
 * `TRUST_PROXY`, the first address from the right that is not one of your
 * proxies. Whatever a client writes into the header itself never decides.
 * A request the server did not resolve (one that arrived in the moment
 * before start-up finished) is keyed `UNKNOWN_IP`: fail closed.
 *
 * IPv6 clients are keyed by their /64 network: one subscriber line usually
 * holds a whole /64, so limiting single addresses would let it rotate freely.
 * Customise here (e.g. read `CF-Connecting-IP` behind Cloudflare only).
 */
import { BlockList, isIP } from 'node:net';
import { forwardingVerified, plainAddress } from '@/server/net';

/** The key of requests whose address cannot be read (no header, or not an IP). They share one bucket. */
export const UNKNOWN_IP = 'unknown';

/** `clientIp(request)`: the caller's address (or its IPv6 /64) for per-IP limits; `UNKNOWN_IP` when unreadable. */
export function clientIp(request: Request): string {
  const address = clientAddress(request);
  return address ? (normalizeIp(address) ?? UNKNOWN_IP) : UNKNOWN_IP;
}

/** The caller's full address as the server resolved it (not keyed by /64), or null when unknown. */
export function clientAddress(request: Request): string | null {
  if (!forwardingVerified(request)) return null;
  // One entry after the server's rewrite; the rightmost otherwise (a platform proxy that overwrites it).
  const last = request.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim();
  return last && normalizeIp(last) ? last : null;
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** Loopback: 127.0.0.0/8 or ::1 (IPv4-mapped included). */
export function isLoopbackAddress(address: string | null): boolean {
  const ip = plainAddress(address ?? '');
  return ip !== '' && LOOPBACK.check(ip, isIP(ip) === 6 ? 'ipv6' : 'ipv4');
}

/** One spelling per address: no port or brackets, IPv4-mapped IPv6 as IPv4, IPv6 as its /64. Null when not an IP. */
export function normalizeIp(raw: string): string | null {
  let text = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(text); // [2001:db8::1]:443
  if (bracketed?.[1]) text = bracketed[1];
  else if (/^[\d.]+:\d+$/.test(text)) text = text.slice(0, text.lastIndexOf(':')); // 203.0.113.7:5678
  text = text.replace(/%.*$/, ''); // zone id (fe80::1%eth0)
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(text);
  if (mapped?.[1]) text = mapped[1];
  const version = isIP(text);
  if (version === 4) return text;
  if (version === 6) return `${ipv6Groups(text).slice(0, 4).join(':')}::/64`;
  return null;
}

/** The eight 16-bit groups of a valid IPv6 address, lower-case without leading zeros. */
function ipv6Groups(address: string): string[] {
  let text = address.toLowerCase();
  // A trailing dotted quad (::ffff:1.2.3.4 was handled; 64:ff9b::1.2.3.4 is not) becomes two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}
