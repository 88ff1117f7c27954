/**
 * /api/ready on this test file's own database (migrated from the template):
 * ready when migrated; 503 naming `npm run db:migrate` when a migration is
 * missing; 503 when storage is required but not configured, or before the
 * job runner started; never a secret.
 */
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, afterEach, describe, expect, inject, it, vi } from 'vitest';
import { startAppJobs } from '@/backend/jobs';
import { type AppDatabase, closeDb, db } from '@/db/database';
import { pendingMigrations } from '@/db/migrationStatus';
import journal from '@/db/migrations/meta/_journal.json';
import { dropDatabase, ensureDatabase } from '@/scripts/services/embeddedPostgres';
import { currentJobRunner } from '@/server';

afterAll(async () => {
  await currentJobRunner()?.stop();
  await closeDb();
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.resetModules();
});

/** The route as a fresh module, so env.ts reads the stubbed variables. */
async function ready(): Promise<{ status: number; body: Record<string, unknown>; text: string }> {
  const { GET } = await import('./route');
  const response = await GET(new Request('http://localhost/api/ready'));
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text), text };
}

describe('GET /api/ready', () => {
  it('is not ready until the job runner has started', async () => {
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body).toMatchObject({ ready: false, checks: { database: { ok: true }, jobs: { ok: false } } });
    // As a web instance beside a separate worker (JOBS_IN_APP=false): it only enqueues.
    await startAppJobs({ work: false });
  });

  it('is ready on a migrated database with storage off', async () => {
    const { status, body } = await ready();
    expect(status).toBe(200);
    expect(body).toEqual({
      ready: true,
      checks: {
        database: { ok: true, message: 'reachable' },
        migrations: { ok: true, message: 'up to date' },
        storage: { ok: true, message: 'not configured: uploads are off' },
        jobs: { ok: true, message: 'enqueue only (JOBS_IN_APP=false: a worker runs them)' },
        server: { ok: true, message: 'serving' },
      },
    });
  });

  it('is not ready when storage is required but not configured', async () => {
    vi.stubEnv('STORAGE_REQUIRED', 'true');
    const { status, body } = await ready();
    expect(status).toBe(503);
    expect(body).toMatchObject({ ready: false, checks: { storage: { ok: false } } });
    expect(JSON.stringify(body)).toMatch(/STORAGE_REQUIRED=true/);
  });

  it('is not ready when the database is behind the code, naming npm run db:migrate', async () => {
    const [last] = await db().execute<{ id: number }>(
      sql`select id from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    await db().execute(sql`delete from drizzle.__drizzle_migrations where id = ${last?.id}`);
    const { status, body, text } = await ready();
    expect(status).toBe(503);
    expect(body).toMatchObject({ ready: false, checks: { database: { ok: true }, migrations: { ok: false } } });
    expect(text).toContain('npm run db:migrate');
    expect(text).toContain(String(journal.entries.at(-1)?.tag));
    // Nothing of the connection string (the test server's password is "postgres").
    expect(text).not.toMatch(/postgres:\/\/|127\.0\.0\.1/);
  });

  it('refuses other methods with a JSON 405', async () => {
    const { POST } = await import('./route');
    const response = await POST(new Request('http://test/api/ready', { method: 'POST' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe('pendingMigrations', () => {
  it('lists every migration on a database that was never migrated', async () => {
    const name = `ready_empty_${Date.now()}`;
    const url = await ensureDatabase(inject('pgServerUrl'), name);
    const client = postgres(url, { max: 1, onnotice: () => {} });
    try {
      const pending = await pendingMigrations(drizzle(client) as unknown as AppDatabase);
      expect(pending).toEqual(journal.entries.map((entry) => entry.tag));
      expect(pending.slice(0, 2)).toEqual(['0000_init', '0001_demo_domain']);
    } finally {
      await client.end({ timeout: 5 });
      await dropDatabase(inject('pgServerUrl'), name);
    }
  });
});
