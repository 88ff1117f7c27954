/** The client address as the server left it, refused when the server did not resolve it, and one spelling per address. */
import { afterEach, describe, expect, it } from 'vitest';
import { clientAddress, clientIp, isLoopbackAddress, normalizeIp, UNKNOWN_IP } from './clientIp';

function request(forwardedFor?: string, stamp?: string): Request {
  const headers: Record<string, string> = {};
  if (forwardedFor !== undefined) headers['x-forwarded-for'] = forwardedFor;
  if (stamp !== undefined) headers['x-forwarding-verified'] = stamp;
  return new Request('http://localhost/api/session', { headers });
}

const state = globalThis as typeof globalThis & { __trustedForwarding?: { stamp: string; active: boolean } };
afterEach(() => {
  delete state.__trustedForwarding;
});

describe('clientIp', () => {
  it('reads the one address the server resolved into X-Forwarded-For', () => {
    expect(clientIp(request('203.0.113.7'))).toBe('203.0.113.7');
    expect(clientIp(request('2001:db8:a:b::7'))).toBe('2001:db8:a:b::/64');
  });

  it('gives one shared key when there is no header or no address in it', () => {
    expect(clientIp(request())).toBe(UNKNOWN_IP);
    expect(clientIp(request(' , '))).toBe(UNKNOWN_IP);
    expect(clientIp(request('1.2.3.4, not-an-ip'))).toBe(UNKNOWN_IP);
  });

  it('once the server rewrites requests, refuses one it did not stamp (it came before start-up ended)', () => {
    state.__trustedForwarding = { stamp: 'secret-stamp', active: true };
    expect(clientIp(request('203.0.113.7', 'secret-stamp'))).toBe('203.0.113.7');
    expect(clientIp(request('203.0.113.7'))).toBe(UNKNOWN_IP);
    expect(clientIp(request('203.0.113.7', 'guessed'))).toBe(UNKNOWN_IP);
    expect(clientAddress(request('127.0.0.1', 'guessed'))).toBeNull();
  });
});

describe('isLoopbackAddress', () => {
  it('is true for 127.0.0.0/8 and ::1 however written, false for anything else', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1']) {
      expect(isLoopbackAddress(address), address).toBe(true);
    }
    for (const address of ['10.0.0.1', '::2', '::', 'localhost', '', null, '128.0.0.1', '::ffff:10.0.0.1']) {
      expect(isLoopbackAddress(address), String(address)).toBe(false);
    }
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
