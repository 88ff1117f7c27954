/**
 * The typed controller clients for server components and server code: the
 * same names as controllers/client.ts, called in-process (no HTTP) with the
 * current request's context (its session cookie or API key) and scope guard.
 *
 *   // app/teams/[teamId]/campaigns/page.tsx (a server component)
 *   const stats = await CampaignController.with({ teamId }).indexStats();
 *   void CampaignController.prefetch({ teamId }).index({ page: 1 });
 *   return <HydrateClient><CampaignList teamId={teamId} /></HydrateClient>;
 *
 * Prefetched queries reach the browser's `CampaignController.use(...)` hooks
 * through <HydrateClient> (tRPC's App Router pattern). Add a controller: export
 * its name below, as in controllers/client.ts.
 */
import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { attachScopeGuard } from '@/server';
import { createHydrateClient, createServerClients, makeQueryClient } from '@/server/client';
import { type ClientApis, manifest } from './client.gen';
import { authorizeScope, createContext } from './context';
import { api } from './index';

/** One QueryClient per request (React's `cache` is scoped to a server request). */
export const getQueryClient = cache(makeQueryClient);

/** The request's context, built once per request from its headers (cookie, Authorization). */
const requestContext = cache(async () => {
  const request = new Request('http://server.internal/', { headers: new Headers(await headers()) });
  return attachScopeGuard(await createContext(request), authorizeScope);
});

const clients = createServerClients<ClientApis>(manifest, {
  router: api.router,
  createContext: requestContext,
  getQueryClient,
});

// One line per controller: adding or removing one is a one-line change.
export const { APIKeyController } = clients;
export const { CampaignController } = clients;
export const { PostController } = clients;
export const { TeamSettingsController } = clients;
export const { UploadController } = clients;
export const { TeamController } = clients;
export const { MemberController } = clients;
export const { InvitationController } = clients;
export const { InvitationAcceptanceController } = clients;

/** Hands this request's prefetched queries to the client components inside it. */
export const HydrateClient = createHydrateClient(getQueryClient);
