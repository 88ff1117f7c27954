/**
 * GET /api/health: liveness for load balancers and the smoke test, cheap on
 * purpose. 200 `{"ok":true,"db":"embedded"|"postgres","storage":"embedded"|"s3"|"off"}` once
 * the database answers `select 1`; 503 SERVICE_UNAVAILABLE when it does not.
 * Whether the app can serve (migrated, storage reachable) is /api/ready.
 */
import { sql } from 'drizzle-orm';
import { db } from '@/db/database';
import { env, storageConfigured } from '@/env';
import { apiRoute, ServiceUnavailable, withTimeout } from '@/server';

// Never prerender: the answer is about this instant.
export const dynamic = 'force-dynamic';

/** A hung database must not hang the health check. */
const TIMEOUT_MS = 5_000;

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/api/health', {
  GET: async () => {
    try {
      const answer = await withTimeout(db().execute(sql`select 1`), TIMEOUT_MS);
      if (answer === undefined) throw new Error(`no answer within ${TIMEOUT_MS} ms`);
    } catch (error) {
      // Logged with its cause and request id by the one error serialiser.
      throw new ServiceUnavailable('Database unavailable', { cause: error });
    }
    const storage = env.EMBEDDED_S3 ? 'embedded' : storageConfigured ? 's3' : 'off';
    return Response.json(
      { ok: true, db: env.EMBEDDED_DB ? 'embedded' : 'postgres', storage },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  },
});
