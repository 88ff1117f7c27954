/**
 * better-auth's endpoints: sign-up, sign-in, sign-out, sessions, passwords
 * (backend/auth/authRoutes.ts adds rate limits and the API's error format).
 */
import { createAuthRoutes } from '@/backend/auth/authRoutes';

export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = createAuthRoutes();
