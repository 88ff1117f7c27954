import { afterEach, describe, expect, it, vi } from 'vitest';
import { freePort } from '@/server/testing';

/** Imports the route afresh under `vars` (env.ts reads the environment once, at import). */
async function loadRoute(vars: Record<string, string>) {
  // db/client caches its pool on globalThis across module reloads; drop it.
  const { closeDb } = await import('@/db/client');
  await closeDb();
  vi.resetModules();
  for (const [name, value] of Object.entries(vars)) vi.stubEnv(name, value);
  return import('./route');
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('GET /api/health', () => {
  it('answers ok after querying the database, naming a real server and store', async () => {
    const { GET } = await loadRoute({ EMBEDDED_DB: 'false', EMBEDDED_S3: 'false' });
    const response = await GET();
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, db: 'postgres', storage: 's3' });
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('says "embedded" for the services npm run dev started', async () => {
    const { GET } = await loadRoute({ EMBEDDED_DB: 'true', EMBEDDED_S3: 'true' });
    expect(await (await GET()).json()).toEqual({ ok: true, db: 'embedded', storage: 'embedded' });
  });

  it('answers 503 SERVICE_UNAVAILABLE when the database is down', async () => {
    const closedPort = await freePort();
    const { GET } = await loadRoute({ DATABASE_URL: `postgres://postgres@127.0.0.1:${closedPort}/none` });
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    const response = await GET();
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      error: { code: 'SERVICE_UNAVAILABLE', message: 'Database unavailable' },
    });
    expect(quiet).toHaveBeenCalled();
    quiet.mockRestore();
  });
});

describe('other methods on /api/health', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('%s answers a JSON 405 with an Allow header', async (method) => {
    const route = await loadRoute({});
    const response = await route[method](new Request('http://localhost/api/health', { method }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect(await response.json()).toEqual({
      error: { code: 'METHOD_NOT_SUPPORTED', message: `${method} is not supported on /api/health` },
    });
  });
});
