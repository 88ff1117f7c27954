/**
 * GET /api/health: liveness for load balancers and the smoke test, cheap on
 * purpose. 200 `{"ok":true,"db":"embedded"|"postgres","storage":...}` once
 * the database answers `select 1`; 503 SERVICE_UNAVAILABLE when it does not.
 * Whether the app can serve (migrated, storage reachable) is /api/ready.
 */
import { sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { env } from '@/env';
import { errorResponse, ServiceUnavailable, withRequestId, withTimeout } from '@/server';
import { methodNotAllowed } from '../routeHelpers';

// Never prerender: the answer is about this instant.
export const dynamic = 'force-dynamic';

/** A hung database must not hang the health check. */
const TIMEOUT_MS = 5_000;

export function GET(request: Request): Promise<Response> {
  return withRequestId(request, async () => {
    try {
      const answer = await withTimeout(getDb().execute(sql`select 1`), TIMEOUT_MS);
      if (answer === undefined) throw new Error(`no answer within ${TIMEOUT_MS} ms`);
    } catch (error) {
      // Logged with its cause and request id by the one error serialiser.
      return errorResponse(new ServiceUnavailable('Database unavailable', { cause: error }));
    }
    return Response.json(
      { ok: true, db: env.EMBEDDED_DB ? 'embedded' : 'postgres', storage: env.EMBEDDED_S3 ? 'embedded' : 's3' },
      { headers: { 'Cache-Control': 'no-store' } },
    );
  });
}

const refuse = methodNotAllowed('/api/health', 'GET, HEAD, OPTIONS');

export { refuse as DELETE, refuse as PATCH, refuse as POST, refuse as PUT };
