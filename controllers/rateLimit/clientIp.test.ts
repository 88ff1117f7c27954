/** The client IP behind 0, 1 or 2 proxies, and one spelling per address (IPv6 by /64). */
import { describe, expect, it } from 'vitest';
import { clientIp, normalizeIp, UNKNOWN_IP } from './clientIp';

function request(forwardedFor?: string): Request {
  return new Request('http://localhost/api/session', {
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  });
}

describe('clientIp', () => {
  it('reads the entry Next.js filled from the socket when nothing is in front (TRUST_PROXY=0)', () => {
    expect(clientIp(request('203.0.113.7'), 0)).toBe('203.0.113.7');
  });

  it('behind one proxy, takes the entry that proxy appended, never what the client wrote before it', () => {
    // The client sent "X-Forwarded-For: 1.2.3.4"; nginx appended the address it saw.
    expect(clientIp(request('1.2.3.4, 203.0.113.7'), 1)).toBe('203.0.113.7');
    expect(clientIp(request('1.2.3.4,203.0.113.7'), 1)).toBe('203.0.113.7');
  });

  it('behind a CDN and a load balancer (TRUST_PROXY=2), takes the second entry from the right', () => {
    expect(clientIp(request('1.2.3.4, 203.0.113.7, 198.51.100.9'), 2)).toBe('203.0.113.7');
    // A proxy that did not append: the furthest hop known.
    expect(clientIp(request('203.0.113.7'), 2)).toBe('203.0.113.7');
  });

  it('gives one shared key when there is no header or no address in it', () => {
    expect(clientIp(request(), 1)).toBe(UNKNOWN_IP);
    expect(clientIp(request(' , '), 1)).toBe(UNKNOWN_IP);
    expect(clientIp(request('1.2.3.4, not-an-ip'), 1)).toBe(UNKNOWN_IP);
  });
});

describe('normalizeIp', () => {
  it('drops ports, brackets and zone ids, and reads IPv4-mapped IPv6 as IPv4', () => {
    expect(normalizeIp('203.0.113.7:5678')).toBe('203.0.113.7');
    expect(normalizeIp('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normalizeIp('[::FFFF:203.0.113.7]:443')).toBe('203.0.113.7');
    expect(normalizeIp('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('keys IPv6 by its /64, whatever the spelling', () => {
    const key = normalizeIp('2001:db8:a:b:1:2:3:4');
    expect(key).toBe('2001:db8:a:b::/64');
    expect(normalizeIp('2001:0DB8:000a:b::ffff')).toBe(key);
    expect(normalizeIp('[2001:db8:a:b::9]:8443')).toBe(key);
    expect(normalizeIp('2001:db8:a:c::1')).not.toBe(key);
    expect(normalizeIp('::1')).toBe('0:0:0:0::/64');
    expect(normalizeIp('64:ff9b::203.0.113.7')).toBe('64:ff9b:0:0::/64');
  });

  it('refuses what is not an address', () => {
    for (const text of ['', 'unknown', '999.1.1.1', '1.2.3', 'a::b::c', '2001:db8::g']) {
      expect(normalizeIp(text)).toBeNull();
    }
  });
});
