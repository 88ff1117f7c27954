/** Mail settings: production must send mail somewhere (SMTP_URL) or say it only logs them (MAIL_TRANSPORT=log). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mailTransport, missingMailVariables } from './env';

describe('missingMailVariables', () => {
  it('in production with neither SMTP_URL nor MAIL_TRANSPORT, names both', () => {
    const lines = missingMailVariables({ NODE_ENV: 'production' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('SMTP_URL');
    expect(lines[0]).toContain('MAIL_TRANSPORT=log');
  });

  it('is satisfied by SMTP_URL, MAIL_TRANSPORT=log or =custom (setMailer)', () => {
    expect(missingMailVariables({ NODE_ENV: 'production', SMTP_URL: 'smtp://mail.example.com:587' })).toEqual([]);
    expect(missingMailVariables({ NODE_ENV: 'production', MAIL_TRANSPORT: 'log' })).toEqual([]);
    expect(missingMailVariables({ NODE_ENV: 'production', MAIL_TRANSPORT: 'custom' })).toEqual([]);
  });

  it('MAIL_TRANSPORT=smtp needs SMTP_URL', () => {
    expect(missingMailVariables({ NODE_ENV: 'production', MAIL_TRANSPORT: 'smtp' })[0]).toContain('SMTP_URL');
  });

  it('asks nothing outside production (mails are logged)', () => {
    expect(missingMailVariables({ NODE_ENV: 'development' })).toEqual([]);
    expect(missingMailVariables({ NODE_ENV: 'test' })).toEqual([]);
  });
});

describe('mailTransport', () => {
  it('is SMTP when SMTP_URL is set, unless MAIL_TRANSPORT says otherwise', () => {
    expect(mailTransport({ SMTP_URL: 'smtp://localhost:25' })).toBe('smtp');
    expect(mailTransport({ SMTP_URL: 'smtp://localhost:25', MAIL_TRANSPORT: 'log' })).toBe('log');
    expect(mailTransport({})).toBeUndefined();
  });
});

describe('parsing', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  it('accepts smtp:// and smtps:// URLs and refuses others, naming SMTP_URL', async () => {
    vi.resetModules();
    vi.stubEnv('SMTP_URL', 'smtps://user:secret@mail.example.com:465');
    vi.stubEnv('MAIL_FROM', 'Acme <team@acme.test>');
    const { env } = await import('./env');
    expect(env.SMTP_URL).toBe('smtps://user:secret@mail.example.com:465');
    expect(env.MAIL_FROM).toBe('Acme <team@acme.test>');
    expect(env.REQUIRE_EMAIL_VERIFICATION).toBe(false);

    vi.resetModules();
    vi.stubEnv('SMTP_URL', 'https://mail.example.com');
    await expect(import('./env')).rejects.toThrow(/SMTP_URL/);
  });
});
