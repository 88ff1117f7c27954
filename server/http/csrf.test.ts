import { describe, expect, it } from 'vitest';
import { AppError } from '../controller/errors';
import { assertSameOrigin } from './csrf';

const APP = 'https://app.example.com';

function request(method: string, headers: Record<string, string> = {}): Request {
  return new Request(`${APP}/api/teams/1/campaigns`, { method, headers });
}

function refusal(req: Request): AppError | undefined {
  try {
    assertSameOrigin(req);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('assertSameOrigin', () => {
  it.each(['POST', 'PATCH', 'PUT', 'DELETE'])('%s passes without Origin or Sec-Fetch-Site', (method) => {
    expect(refusal(request(method))).toBeUndefined();
  });

  it.each<Record<string, string>>([
    { origin: APP },
    { origin: `${APP}/` },
    { origin: 'HTTPS://APP.EXAMPLE.COM' },
    { origin: 'https://app.example.com:443' },
    { 'sec-fetch-site': 'same-origin' },
    { 'sec-fetch-site': 'same-site' },
    { 'sec-fetch-site': 'none' },
    { origin: APP, 'sec-fetch-site': 'same-origin' },
  ])('POST passes with %j', (headers) => {
    expect(refusal(request('POST', headers))).toBeUndefined();
  });

  it.each<Record<string, string>>([
    { origin: 'https://evil.example.com' },
    { origin: 'http://app.example.com' },
    { origin: 'https://app.example.com:8443' },
    { origin: 'https://app.example.com.evil.io' },
    { origin: 'null' },
    { origin: '' },
    { origin: 'not a url' },
    { 'sec-fetch-site': 'cross-site' },
    { 'sec-fetch-site': 'Cross-Site' },
    { origin: APP, 'sec-fetch-site': 'cross-site' },
  ])('POST is refused with %j', (headers) => {
    const error = refusal(request('POST', headers));
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('FORBIDDEN');
    expect(error?.message).toBe('Cross-site request refused');
  });

  it.each(['PATCH', 'PUT', 'DELETE'])('%s is refused cross-site', (method) => {
    expect(refusal(request(method, { origin: 'https://evil.example.com' }))?.status).toBe(403);
  });

  it.each(['GET', 'HEAD', 'OPTIONS'])('%s always passes', (method) => {
    const headers = { origin: 'https://evil.example.com', 'sec-fetch-site': 'cross-site' };
    expect(refusal(request(method, headers))).toBeUndefined();
  });
});

describe('assertSameOrigin behind next start or a proxy', () => {
  const post = (url: string, headers: Record<string, string>) => new Request(url, { method: 'POST', headers });

  it('compares the Origin with the Host the browser addressed, not the internal request.url', () => {
    // next start hands route handlers request.url on localhost:<port>, whatever the browser used.
    expect(() =>
      assertSameOrigin(
        post('http://localhost:3000/api/x', {
          host: 'app.example.com',
          'x-forwarded-proto': 'https',
          origin: 'https://app.example.com',
        }),
      ),
    ).not.toThrow();
    expect(() =>
      assertSameOrigin(
        post('http://localhost:3000/api/x', { host: '127.0.0.1:3100', origin: 'http://127.0.0.1:3100' }),
      ),
    ).not.toThrow();
    expect(() =>
      assertSameOrigin(
        post('http://localhost:3000/api/x', { host: 'app.example.com', origin: 'https://evil.example' }),
      ),
    ).toThrow(/Cross-site/);
  });

  it('honours X-Forwarded-Host from a proxy (first value)', () => {
    const headers = {
      host: 'internal:3000',
      'x-forwarded-host': 'app.example.com, proxy',
      'x-forwarded-proto': 'https',
      origin: 'https://app.example.com',
    };
    expect(() => assertSameOrigin(post('http://internal:3000/api/x', headers))).not.toThrow();
    expect(() =>
      assertSameOrigin(post('http://internal:3000/api/x', { ...headers, origin: 'https://internal:3000' })),
    ).toThrow(/Cross-site/);
  });
});
