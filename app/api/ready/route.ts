/**
 * GET /api/ready: readiness for orchestrators and load balancers (take the
 * instance out of rotation while it answers 503). 200 or 503 with
 * `{ready, checks: {database, migrations, storage}}`, each `{ok, message}`;
 * see checkReadiness.ts. Liveness (cheap, no migrations) is /api/health.
 */
import { withRequestId } from '@/server';
import { methodNotAllowed } from '../routeHelpers';
import { checkReadiness } from './checkReadiness';

export const dynamic = 'force-dynamic';

export function GET(request: Request): Promise<Response> {
  return withRequestId(request, async () => {
    const readiness = await checkReadiness();
    return Response.json(readiness, { status: readiness.ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
  });
}

const refuse = methodNotAllowed('/api/ready', 'GET, HEAD, OPTIONS');

export { refuse as DELETE, refuse as PATCH, refuse as POST, refuse as PUT };
