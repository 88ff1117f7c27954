/**
 * GET /api/health: liveness for load balancers and the smoke test.
 * 200 `{"ok":true,"db":"embedded"|"postgres","storage":"embedded"|"s3"}` once
 * the database answers `select 1`; 503 SERVICE_UNAVAILABLE when it does not.
 * Add checks of your own (a queue, a cache) here.
 */
import { sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { env } from '@/env';
import { AppError, ServiceUnavailable, withTimeout } from '@/server';

// Never prerender: the answer is about this instant.
export const dynamic = 'force-dynamic';

const ALLOW = 'GET, HEAD, OPTIONS';
/** A hung database must not hang the health check. */
const TIMEOUT_MS = 5_000;

export async function GET(): Promise<Response> {
  try {
    const answer = await withTimeout(getDb().execute(sql`select 1`), TIMEOUT_MS);
    if (answer === undefined) throw new Error(`no answer within ${TIMEOUT_MS} ms`);
  } catch (error) {
    console.error('[health] database check failed:', error);
    return errorResponse(new ServiceUnavailable('Database unavailable', { cause: error }));
  }
  return Response.json(
    { ok: true, db: env.EMBEDDED_DB ? 'embedded' : 'postgres', storage: env.EMBEDDED_S3 ? 'embedded' : 's3' },
    { headers: { 'Cache-Control': 'no-store' } },
  );
}

function methodNotAllowed(request: Request): Response {
  return errorResponse(new AppError('METHOD_NOT_SUPPORTED', `${request.method} is not supported on /api/health`), {
    Allow: ALLOW,
  });
}

export { methodNotAllowed as DELETE, methodNotAllowed as PATCH, methodNotAllowed as POST, methodNotAllowed as PUT };

function errorResponse(error: AppError, headers: Record<string, string> = {}): Response {
  return Response.json(error.toJSON(), { status: error.status, headers: { 'Cache-Control': 'no-store', ...headers } });
}
