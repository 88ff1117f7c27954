/**
 * What env.ts decides: when tracing is on, the rate limits, APP_URL in
 * production; and that .env.example and docs/deployment.md name every variable.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ENV_VARIABLES, env, tracesExporter } from './env';

const base = { ...env, OTEL_SDK_DISABLED: false, OTEL_TRACES_EXPORTER: undefined };
const endpoint = 'http://collector:4318';

describe('tracesExporter', () => {
  it('is off without OTEL_* (the default)', () => {
    expect(tracesExporter({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: undefined })).toBeUndefined();
  });

  it('exports over OTLP once an endpoint is set, for all signals or for traces', () => {
    expect(tracesExporter({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toBe('otlp');
    expect(tracesExporter({ ...base, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/v1/traces` })).toBe('otlp');
  });

  it('follows OTEL_TRACES_EXPORTER, and OTEL_SDK_DISABLED wins over everything', () => {
    expect(tracesExporter({ ...base, OTEL_TRACES_EXPORTER: 'console' })).toBe('console');
    expect(
      tracesExporter({ ...base, OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }),
    ).toBeUndefined();
    expect(tracesExporter({ ...base, OTEL_SDK_DISABLED: true, OTEL_TRACES_EXPORTER: 'otlp' })).toBeUndefined();
  });
});

describe('rate limits (RATE_LIMIT_*, TRUST_PROXY)', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  /** env.ts parsed afresh with these variables. */
  async function load(variables: Record<string, string>) {
    vi.resetModules();
    for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value);
    return (await import('./env')).env;
  }

  it('has the documented defaults', async () => {
    const fresh = await load({});
    expect(fresh.RATE_LIMIT_SIGN_IN_ACCOUNT).toEqual({ points: 5, durationSeconds: 900 });
    expect(fresh.RATE_LIMIT_SIGN_IN_IP).toEqual({ points: 50, durationSeconds: 900 });
    expect(fresh.RATE_LIMIT_SIGN_UP).toEqual({ points: 10, durationSeconds: 3600 });
    expect(fresh.RATE_LIMIT_INVITATION_ACCEPT).toEqual({ points: 20, durationSeconds: 3600 });
    expect(fresh.RATE_LIMIT_PRESIGN).toEqual({ points: 120, durationSeconds: 60 });
    expect(fresh.RATE_LIMIT_BEARER_FAILURE).toEqual({ points: 30, durationSeconds: 300 });
    expect(fresh.RATE_LIMIT_PASSWORD_RESET).toEqual({ points: 3, durationSeconds: 900 });
    expect(fresh.RATE_LIMIT_VERIFICATION_EMAIL).toEqual({ points: 3, durationSeconds: 900 });
    expect(fresh.RATE_LIMIT_AUTH_MAIL_IP).toEqual({ points: 20, durationSeconds: 900 });
    expect(fresh.RATE_LIMIT_CHANGE_EMAIL).toEqual({ points: 5, durationSeconds: 3600 });
    expect(fresh.RATE_LIMIT_INVITATION_CREATE).toEqual({ points: 50, durationSeconds: 3600 });
    expect(fresh.RATE_LIMIT_INVITATION_USER).toEqual({ points: 100, durationSeconds: 3600 });
    expect(fresh.RATE_LIMIT_INVITATION_ADDRESS).toEqual({ points: 5, durationSeconds: 3600 });
    expect(fresh.RATE_LIMIT_INVITATION_LOOKUP).toEqual({ points: 60, durationSeconds: 60 });
    expect(fresh.TRUST_PROXY).toEqual({ hops: 0 });
  });

  it('reads <count>/<window> in s, m, h or d (the number optional), and off', async () => {
    const fresh = await load({
      RATE_LIMIT_SIGN_UP: '3/h',
      RATE_LIMIT_PRESIGN: ' 600 / 30s ',
      RATE_LIMIT_SIGN_IN_IP: '100/1d',
      RATE_LIMIT_BEARER_FAILURE: 'OFF',
      TRUST_PROXY: '1',
    });
    expect(fresh.RATE_LIMIT_SIGN_UP).toEqual({ points: 3, durationSeconds: 3600 });
    expect(fresh.RATE_LIMIT_PRESIGN).toEqual({ points: 600, durationSeconds: 30 });
    expect(fresh.RATE_LIMIT_SIGN_IN_IP).toEqual({ points: 100, durationSeconds: 86_400 });
    expect(fresh.RATE_LIMIT_BEARER_FAILURE).toBeNull();
    expect(fresh.TRUST_PROXY).toEqual({ hops: 1 });
  });

  it('stops the start on a value it cannot read, naming the variable', async () => {
    for (const value of ['5', '5/15', '0/1m', '5/0m', 'five/1m', '5/1w']) {
      await expect(load({ RATE_LIMIT_SIGN_UP: value }), value).rejects.toThrow(
        /RATE_LIMIT_SIGN_UP: .* is not a limit such as 5\/15m/,
      );
    }
    for (const value of ['yes', '11', '10.0.0.0/33', '10.0.0.0/', 'example.com']) {
      await expect(load({ TRUST_PROXY: value }), value).rejects.toThrow(/TRUST_PROXY/);
    }
  });

  it('reads TRUST_PROXY as proxy addresses, CIDRs and range names', async () => {
    const fresh = await load({ TRUST_PROXY: '10.0.0.0/8, 192.0.2.7, loopback' });
    expect('proxies' in fresh.TRUST_PROXY && fresh.TRUST_PROXY.list).toEqual(['10.0.0.0/8', '192.0.2.7', 'loopback']);
  });
});

describe('APP_URL in production', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  async function startWith(variables: Record<string, string>): Promise<string | null> {
    vi.resetModules();
    for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value === '' ? undefined : value);
    try {
      (await import('./env')).assertServerEnv();
      return null;
    } catch (error) {
      return (error as Error).message;
    }
  }

  // Mail settled (MAIL_TRANSPORT=log), so APP_URL is the one variable under test.
  const server = {
    DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/x',
    SESSION_SECRET: 'x'.repeat(32),
    MAIL_TRANSPORT: 'log',
  };

  it('a production start without it stops, naming it; with it, or outside production, it starts', async () => {
    const production = await startWith({ ...server, NODE_ENV: 'production', APP_URL: '' });
    expect(production).toMatch(/APP_URL: missing/);
    // No advice to run the dev server on a production host.
    expect(production).not.toContain('npm run dev');
    expect(production).toContain('docs/deployment.md');
    expect(await startWith({ ...server, NODE_ENV: 'production', APP_URL: 'https://app.example.com' })).toBeNull();
    expect(await startWith({ ...server, NODE_ENV: 'development', APP_URL: '' })).toBeNull();
  });
});

describe('a value it cannot read', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.resetModules();
  });

  /** The message env.ts stops with, parsed afresh with these variables ('' unsets one). */
  async function failure(variables: Record<string, string>): Promise<string> {
    vi.resetModules();
    for (const [name, value] of Object.entries(variables)) vi.stubEnv(name, value === '' ? undefined : value);
    return import('./env').then(
      () => 'no error',
      (error: Error) => error.message,
    );
  }

  it('says a size takes a number of bytes (5MiB is not one, nor is 5), and reads digits', async () => {
    const message = await failure({ UPLOAD_MULTIPART_THRESHOLD: '5MiB' });
    expect(message).toContain(
      'UPLOAD_MULTIPART_THRESHOLD: "5MiB" is not a number of bytes: write digits, e.g. 5242880',
    );
    expect(message).not.toContain('NaN');
    expect(await failure({ UPLOAD_MULTIPART_THRESHOLD: '5' })).toContain(
      'UPLOAD_MULTIPART_THRESHOLD: 5 is less than 5242880 (5 MiB); it takes a number of bytes',
    );
    expect(await failure({ S3_MAX_UPLOAD_SIZE: '100MB' })).toContain(
      'S3_MAX_UPLOAD_SIZE: "100MB" is not a number of bytes',
    );
    vi.unstubAllEnvs();
    vi.resetModules();
    vi.stubEnv('UPLOAD_MULTIPART_THRESHOLD', ' 5242880 ');
    expect((await import('./env')).env.UPLOAD_MULTIPART_THRESHOLD).toBe(5_242_880);
  });

  it('says what is wrong with a schedule or a database URL, not only that it is invalid', async () => {
    expect(await failure({ JOBS_CLEANUP_CRON: '*/15 2 * * 1-5' })).toBe('no error');
    expect(await failure({ JOBS_CLEANUP_CRON: '99 * * * *' })).toContain(
      'JOBS_CLEANUP_CRON: "99 * * * *" is not a schedule: Constraint error, got value 99 expected range 0-59',
    );
    expect(await failure({ JOBS_CLEANUP_CRON: 'hourly' })).toContain(
      'JOBS_CLEANUP_CRON: "hourly" is not a five-field cron expression (or off)',
    );
    expect(await failure({ DATABASE_URL: 'mysql://db.example.com/app' })).toContain(
      'DATABASE_URL: must be a postgres:// or postgresql:// URL',
    );
  });

  it('outside production names only what is wrong: npm run dev generates DATABASE_URL and SESSION_SECRET after', async () => {
    const message = await failure({
      NODE_ENV: 'development',
      UPLOAD_MULTIPART_THRESHOLD: '5MiB',
      DATABASE_URL: '',
      SESSION_SECRET: '',
    });
    expect(message.split('\n')).toEqual([
      'Invalid environment variables:',
      '  UPLOAD_MULTIPART_THRESHOLD: "5MiB" is not a number of bytes: write digits, e.g. 5242880 for 5 MiB',
      'See .env.example.',
    ]);
  });

  it('in production also names the server variables it lacks, so one failed start lists everything', async () => {
    const message = await failure({
      NODE_ENV: 'production',
      UPLOAD_MULTIPART_THRESHOLD: '5MiB',
      DATABASE_URL: '',
      SESSION_SECRET: '',
    });
    expect(message).toContain('UPLOAD_MULTIPART_THRESHOLD: "5MiB"');
    expect(message).toContain('DATABASE_URL: missing');
    expect(message).toContain('SESSION_SECRET: missing');
  });
});

describe('documentation', () => {
  it('.env.example and docs/deployment.md name every variable env.ts reads', () => {
    const example = readFileSync('.env.example', 'utf8');
    const deployment = readFileSync('docs/deployment.md', 'utf8');
    const variables = ENV_VARIABLES.filter((name) => name !== 'NODE_ENV'); // set by Next and the scripts, not by you
    expect(variables.filter((name) => !new RegExp(`^(# )?${name}=`, 'm').test(example))).toEqual([]);
    // The table's first cells, where a row may name several (`S3_ACCESS_KEY_ID`, `S3_SECRET_ACCESS_KEY`).
    const rows = [...deployment.matchAll(/^\| ([^|]+) \|/gm)].map((match) => match[1] ?? '');
    const inTable = new Set(rows.flatMap((cell) => [...cell.matchAll(/`([A-Z0-9_]+)`/g)].map((match) => match[1])));
    expect(variables.filter((name) => !inTable.has(name))).toEqual([]);
  });
});
