/**
 * GET /api/health: liveness for load balancers and the smoke test, cheap on
 * purpose. 200 `{"ok":true,"db":"embedded"|"postgres","storage":...}` once
 * the database answers `select 1`; 503 SERVICE_UNAVAILABLE when it does not.
 * Whether the app can serve (migrated, storage reachable) is /api/ready.
 */
import { sql } from 'drizzle-orm';
import { db } from '@/db/database';
import { env } from '@/env';
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
    return Response.json(
      { ok: true, db: env.EMBEDDED_DB ? 'embedded' : 'postgres', storage: env.EMBEDDED_S3 ? 'embedded' : 's3' },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  },
});
