/**
 * What the server components' clients (controllers/serverComponents.ts) run on: the
 * app's router, called in-process with the current request's context (its
 * session cookie or API key) and scope guard, and one QueryClient per request.
 */
import 'server-only';
import { headers } from 'next/headers';
import { cache } from 'react';
import { authorizeScope, createContext } from '@/backend/context';
import { rememberRequest } from '@/backend/requestOfContext';
import { attachScopeGuard } from '@/server';
import { makeQueryClient, type ServerClientOptions } from '@/server/client';
import { api } from './index';

/** One QueryClient per request (React's `cache` is scoped to a server request). */
export const getQueryClient = cache(makeQueryClient);

/**
 * The request's context, built once per request from its headers (cookie, Authorization, and the client
 * address the server resolved from the socket). It remembers that request as the API's contexts do, so
 * what needs the caller (per-address rate limits, the origin of links in development) works the same
 * in-process: the invitation page's lookup counts as a lookup by its visitor.
 */
const requestContext = cache(async () => {
  const request = new Request('http://server.internal/', { headers: new Headers(await headers()) });
  const context = attachScopeGuard(await createContext(request), authorizeScope);
  rememberRequest(context, request);
  return context;
});

export const serverClientOptions: ServerClientOptions = {
  router: api.router,
  createContext: requestContext,
  getQueryClient,
};
