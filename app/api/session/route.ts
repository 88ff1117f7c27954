/**
 * /api/session: dev sign-in, current user, sign-out (backend/sessionRoutes.ts).
 * Who may use the dev sign-in: backend/devSignIn.ts (off in production
 * unless AUTH_DEV_LOGIN=true, then for clients on this machine only).
 */
import { createSessionRoutes } from '@/backend/sessionRoutes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const { GET, POST, DELETE, PUT, PATCH, OPTIONS } = createSessionRoutes();
