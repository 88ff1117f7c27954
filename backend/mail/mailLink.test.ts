/** Links in mails are absolute on the public origin: APP_URL when set, else the request's; better-auth's URLs are rebased. */
import { afterEach, describe, expect, it } from 'vitest';
import { env } from '@/env';
import { mailLink, mailOrigin } from './mailLink';

const appUrl = env.APP_URL;
afterEach(() => {
  Object.assign(env, { APP_URL: appUrl });
});

const request = new Request('http://internal:3000/api/auth/request-password-reset', {
  headers: { host: 'app.example.com', 'x-forwarded-proto': 'https' },
});

describe('mailLink', () => {
  it('without APP_URL, uses the origin the browser addressed', () => {
    Object.assign(env, { APP_URL: undefined });
    expect(mailOrigin({ request })).toBe('https://app.example.com');
    expect(mailLink('/forgot-password', { request })).toBe('https://app.example.com/forgot-password');
  });

  it('with APP_URL, every link is on it, whatever Host the request carried', () => {
    // env.ts parsed the environment at import; this test sets the value the app would have read.
    Object.assign(env, { APP_URL: 'https://public.example.com/ignored-path' });
    expect(mailLink('/invitations/abc', { request })).toBe('https://public.example.com/invitations/abc');
    expect(
      mailLink('http://internal:3000/api/auth/reset-password/tok?callbackURL=%2Freset-password', { request }),
    ).toBe('https://public.example.com/api/auth/reset-password/tok?callbackURL=%2Freset-password');
  });

  it('with nothing naming an origin, keeps an absolute URL as given', () => {
    Object.assign(env, { APP_URL: undefined });
    expect(mailLink('https://elsewhere.example.com/x?y=1', {})).toBe('https://elsewhere.example.com/x?y=1');
  });
});
