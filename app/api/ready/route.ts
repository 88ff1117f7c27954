/**
 * GET /api/ready: readiness for orchestrators and load balancers (take the
 * instance out of rotation while it answers 503). 200 or 503 with
 * `{ready, checks: {database, migrations, storage, jobs, server}}`, each `{ok, message}`;
 * see checkReadiness.ts. Liveness (cheap, no migrations) is /api/health.
 */
import { apiRoute } from '@/server';
import { checkReadiness } from './checkReadiness';

export const dynamic = 'force-dynamic';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = apiRoute('/api/ready', {
  GET: async () => {
    const readiness = await checkReadiness();
    return Response.json(readiness, { status: readiness.ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } });
  },
});
