/**
 * The session cookie is URL-encoded exactly once whichever way it is written:
 * as a `Set-Cookie` header by the API routes, or through Next's
 * `cookies().set()` by the sign-in server action (which encodes the value
 * itself). A value encoded twice reads as no session on the next request.
 */
import { NextResponse } from 'next/server';
import { describe, expect, it } from 'vitest';
import { serializeSessionCookie, sessionCookie, sessionTokenOf } from './sessionCookie';

// A token with the characters that need encoding once signed (base64's `/`, `+` and `=`).
const TOKEN = 'tok/en+with=chars';
const request = new Request('http://localhost/api/session');

function cookieHeaderFrom(setCookie: string): Request {
  return new Request('http://localhost/', { headers: { cookie: String(setCookie.split(';')[0]) } });
}

describe('session cookie encoding', () => {
  it('the Set-Cookie header and Next cookies().set() write the same value, read back as the token', () => {
    const cookie = sessionCookie(request, TOKEN);
    const header = serializeSessionCookie(cookie);
    // The cookie store `cookies()` writes to in a server action is the same class as a response's.
    const response = NextResponse.next();
    const { name, value, ...options } = cookie;
    response.cookies.set(name, value, options);
    const viaNext = String(response.headers.get('set-cookie'));

    expect(viaNext.split(';')[0]).toBe(header.split(';')[0]);
    expect(sessionTokenOf(cookieHeaderFrom(header))).toBe(TOKEN);
    expect(sessionTokenOf(cookieHeaderFrom(viaNext))).toBe(TOKEN);
    // Encoded once: `%2F`, never `%252F`.
    expect(header).toContain('%2F');
    expect(header).not.toContain('%25');
  });

  it('reads a value sent in double quotes as better-auth does: the same session on both sides', () => {
    const [pair] = serializeSessionCookie(sessionCookie(request, TOKEN)).split(';');
    const [name, value] = String(pair).split(/=(.*)/s);
    const quoted = new Request('http://localhost/', { headers: { cookie: `other=1; ${name}="${value}"` } });
    expect(sessionTokenOf(quoted)).toBe(TOKEN);
  });

  it('accepts the signature better-auth accepts: the unused bits of its last character do not count', () => {
    const [pair] = serializeSessionCookie(sessionCookie(request, TOKEN)).split(';');
    const [name, value] = String(pair).split(/=(.*)/s);
    const decoded = decodeURIComponent(String(value));
    const dot = decoded.lastIndexOf('.');
    const sig = decoded.slice(dot + 1);
    // The 43rd character carries 2 bits that are not part of the 32 bytes: flip one of them.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
    const last = alphabet.indexOf(sig.charAt(42));
    const twin = `${sig.slice(0, 42)}${alphabet.charAt(last ^ 1)}=`;
    const withSignature = (text: string) =>
      new Request('http://localhost/', {
        headers: { cookie: `${name}=${encodeURIComponent(`${decoded.slice(0, dot)}.${text}`)}` },
      });
    expect(sessionTokenOf(withSignature(twin))).toBe(TOKEN);
    // A changed byte, a URL-safe alphabet or no padding: refused, as better-auth refuses them.
    expect(
      sessionTokenOf(withSignature(`${alphabet.charAt((alphabet.indexOf(sig.charAt(0)) + 1) % 64)}${sig.slice(1)}`)),
    ).toBeNull();
    expect(sessionTokenOf(withSignature(sig.replaceAll('+', '-').replaceAll('/', '_')))).toBe(
      /[+/]/.test(sig) ? null : TOKEN,
    );
    expect(sessionTokenOf(withSignature(sig.slice(0, 43)))).toBeNull();
  });
});
