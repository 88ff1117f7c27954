import { pino } from 'pino';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '@/server/testing';

/** Imports the route afresh under `vars` (env.ts reads the environment once, at import). */
async function loadRoute(vars: Record<string, string>) {
  // db/database caches its pool on globalThis across module reloads; drop it.
  const { closeDb } = await import('@/db/database');
  await closeDb();
  vi.resetModules();
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  return import('./route');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

/** A store's variables (env.ts wants the three or none); nothing is asked of it here. */
const S3 = { S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

const health = () => new Request('http://localhost/api/health');

describe('GET /api/health', () => {
  it('answers ok after querying the database, naming a real server and store', async () => {
    const { GET } = await loadRoute({ EMBEDDED_DB: 'false', EMBEDDED_S3: 'false', ...S3 });
    const response = await GET(new Request('http://localhost/api/health', { headers: { 'x-request-id': 'probe-1' } }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, db: 'postgres', storage: 's3' });
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-request-id')).toBe('probe-1');
  });

  it('says "off" for storage without the S3_* variables (uploads off)', async () => {
    const { GET } = await loadRoute({ EMBEDDED_S3: 'false' });
    expect(await (await GET(health())).json()).toMatchObject({ ok: true, storage: 'off' });
  });

  it('says "embedded" for the services npm run dev started', async () => {
    const { GET } = await loadRoute({ EMBEDDED_DB: 'true', EMBEDDED_S3: 'true' });
    expect(await (await GET(health())).json()).toEqual({ ok: true, db: 'embedded', storage: 'embedded' });
  });

  it('answers 503 SERVICE_UNAVAILABLE when the database is down', async () => {
    const closedPort = await freePort();
    const { GET } = await loadRoute({ DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/none` });
    const logged: Array<Record<string, unknown>> = [];
    const { configureLogger } = await import('@/server');
    configureLogger(pino({ level: 'info' }, { write: (line: string) => logged.push(JSON.parse(line)) }));
    const response = await GET(health());
    expect(response.status).toBe(503);
    const requestId = response.headers.get('x-request-id');
    expect(await response.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Database unavailable', requestId },
    });
    // The cause goes to the log, under the same request id.
    expect(logged).toContainEqual(expect.objectContaining({ level: 50, requestId }));
  });
});

describe('other methods on /api/health', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s answers a JSON 405 with an Allow header', async (method) => {
    const route = await loadRoute({});
    const response = await route[method](new Request('http://localhost/api/health', { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await response.json()).toEqual({
      error: {
        code: 'METHOD_NOT_SUPPORTED',
        message: `${method} is not supported on /api/health; use GET, HEAD, OPTIONS`,
      },
    });
  });
});
