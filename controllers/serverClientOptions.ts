/**
 * What the server components' clients (controllers/serverComponents.ts) run on: the
 * app's router, called in-process with the current request's context (its
 * session cookie or API key) and scope guard, and one QueryClient per request.
 */
import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { authorizeScope, createContext } from '@/backend/context';
import { attachScopeGuard } from '@/server';
import { makeQueryClient, type ServerClientOptions } from '@/server/client';
import { api } from './index';

/** One QueryClient per request (React's `cache` is scoped to a server request). */
export const getQueryClient = cache(makeQueryClient);

/** The request's context, built once per request from its headers (cookie, Authorization). */
const requestContext = cache(async () => {
  const request = new Request('http://server.internal/', { headers: new Headers(await headers()) });
  return attachScopeGuard(await createContext(request), authorizeScope);
});

export const serverClientOptions: ServerClientOptions = {
  router: api.router,
  createContext: requestContext,
  getQueryClient,
};
