/**
 * The typed controller clients for server components and server code: the
 * same names as controllers/browser.ts, called in-process (no HTTP) with the
 * current request's context (its session cookie or API key) and scope guard.
 *
 *   // app/teams/[teamId]/members/page.tsx (a server component)
 *   const owners = await MemberController.with({ teamId }).index({ filter: { role: 'owner' } });
 *   void MemberController.prefetch({ teamId }).index({ page: 1 });
 *   return <HydrateClient><MembersTable teamId={teamId} /></HydrateClient>;
 *
 * Prefetched queries reach the browser's `MemberController.use(...)` hooks
 * through <HydrateClient> (tRPC's App Router pattern). The one export per
 * controller is generated (controllers/serverClients.gen.ts, `npm run gen`).
 */
import 'server-only';
import { createHydrateClient } from '@/server/client';
import { getQueryClient } from './serverClientOptions';

export * from './serverClients.gen';
export { getQueryClient };

/** Hands this request's prefetched queries to the client components inside it. */
export const HydrateClient = createHydrateClient(getQueryClient);
