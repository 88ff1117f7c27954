/**
 * The client's IP address, as the per-IP rate limits key it.
 *
 * A route handler never sees the socket: Next.js (`next start`) writes the
 * peer address into `X-Forwarded-For` only when the request has no such
 * header, and each reverse proxy in front of the app appends the address it
 * received the request from. So the only entries to trust are the ones your
 * own proxies wrote, counted from the right; whatever stands left of them the
 * client may have written itself.
 *
 * `TRUST_PROXY` (env.ts) is how many proxies append to the header:
 *   - 1: one nginx / load balancer / Vercel / Fly proxy in front (the usual
 *     production set-up): the last entry, written by that proxy.
 *   - 2: a CDN in front of a load balancer: the second entry from the right.
 *   - 0 (default, `next start` on its own): the last entry too, which Next.js
 *     filled from the socket, unless the client sent the header: then it is
 *     the client's word. Put a proxy in front in production and set 1.
 * A proxy that overwrites the header instead of appending (nginx
 * `proxy_set_header X-Forwarded-For $remote_addr`) leaves one entry: 1 reads it.
 *
 * IPv6 clients are keyed by their /64 network: one subscriber line usually
 * holds a whole /64, so limiting single addresses would let it rotate freely.
 * Customise here (e.g. read `CF-Connecting-IP` behind Cloudflare only).
 */
import { isIP } from 'node:net';
import { env } from '@/env';

/** The key of requests whose address cannot be read (no header, or not an IP). They share one bucket. */
export const UNKNOWN_IP = 'unknown';

/** `clientIp(request)`: the caller's address (or its IPv6 /64) for per-IP limits; `UNKNOWN_IP` when unreadable. */
export function clientIp(request: Request, trustProxy: number = env.TRUST_PROXY): string {
  const entries = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return UNKNOWN_IP;
  // Fewer entries than proxies: a proxy did not append; the leftmost is the furthest hop known.
  const index = Math.max(0, entries.length - Math.max(1, trustProxy));
  return normalizeIp(entries[index] ?? '') ?? UNKNOWN_IP;
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
