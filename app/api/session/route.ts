/**
 * /api/session: dev sign-in, current user, sign-out (controllers/sessionRoutes.ts).
 * Dev sign-in is on outside production, and in production only with
 * AUTH_DEV_LOGIN=true (env.ts) and for requests addressed to localhost.
 */
import { createSessionRoutes } from '@/controllers/sessionRoutes';
import { devLoginEnabled, env } from '@/env';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const { GET, POST, DELETE, PUT, PATCH } = createSessionRoutes({
  devLogin: devLoginEnabled,
  devLoginLoopbackOnly: env.NODE_ENV === 'production',
});
