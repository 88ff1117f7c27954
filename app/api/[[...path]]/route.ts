/**
 * Every /api route except /api/health and /api/session: the controllers'
 * REST routes and tRPC at /api/trpc, served by one handler (controllers/index.ts).
 * Optional (`[[...path]]`), so `/api` itself gets the API's JSON 404 too, not
 * Next's HTML not-found page.
 */
import { handler } from '@/controllers';

// Answers depend on the session and the database: never prerender or cache.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

export { handler as DELETE, handler as GET, handler as OPTIONS, handler as PATCH, handler as POST, handler as PUT };
