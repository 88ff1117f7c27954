/**
 * The same client names for React Server Components and server scripts,
 * over a server-side caller (no HTTP): controllers/serverComponents.ts builds the app's
 * with the request's context. Per controller:
 *
 * - `.with(scope)`: plain async functions (like the browser's `.with`);
 * - `.prefetch(scope)`: query names that load into the request's QueryClient,
 *   for `<HydrateClient>` to hand to the browser's `.use()` hooks (same keys);
 * - `.fetch(scope)`: the same, and return the data.
 *
 * Imports no database code itself; it calls the router it is given.
 */
import { dehydrate, type FetchQueryOptions, HydrationBoundary, type QueryClient } from '@tanstack/react-query';
import { type AnyRouter, callTRPCProcedure } from '@trpc/server';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import { createElement, type ReactNode } from 'react';
import type { ControllerApi, MethodDef } from './apiTypes';
import { pickScope, type ScopeParams } from './buildInput';
import { toClientError } from './ClientError';
import type { CallArgs, ProcedureCaller, ScopeArg, WithClient } from './clientTypes';
import { queryOptionsFor } from './controllerQueries';
import type { ClientManifest, ControllerManifest } from './manifest';
import { withClient } from './withClient';

export interface ServerClientOptions {
  /** The app's merged tRPC router (`api.router`). */
  router: AnyRouter;
  /** The request's context, scope guard attached; called once per call (cache it per request). */
  createContext: () => object | Promise<object>;
  /** The request's QueryClient: `cache(makeQueryClient)` so prefetches and HydrateClient share it. */
  getQueryClient: () => QueryClient;
}

type QueryNames<Api extends ControllerApi> = {
  [K in keyof Api['methods']]: Api['methods'][K]['type'] extends 'query' ? K : never;
}[keyof Api['methods']];

export type PrefetchClient<Api extends ControllerApi> = {
  [K in QueryNames<Api>]: (...args: CallArgs<Api['methods'][K] & MethodDef>) => Promise<void>;
};
export type FetchClient<Api extends ControllerApi> = {
  [K in QueryNames<Api>]: (
    ...args: CallArgs<Api['methods'][K] & MethodDef>
  ) => Promise<(Api['methods'][K] & MethodDef)['output']>;
};

export interface ServerControllerClient<Api extends ControllerApi> {
  with(...scope: ScopeArg<Api>): WithClient<Api>;
  prefetch(...scope: ScopeArg<Api>): PrefetchClient<Api>;
  fetch(...scope: ScopeArg<Api>): FetchClient<Api>;
}

export type ServerControllerClients<Apis> = {
  [Name in keyof Apis]: Apis[Name] extends ControllerApi ? ServerControllerClient<Apis[Name]> : never;
};

function serverCaller({ router, createContext }: ServerClientOptions): ProcedureCaller {
  const call = (type: 'query' | 'mutation') => async (path: string, input: unknown) =>
    callTRPCProcedure({
      router,
      path,
      type,
      ctx: await createContext(),
      getRawInput: async () => input,
      signal: undefined,
      batchIndex: 0,
    });
  return { query: call('query'), mutation: call('mutation') };
}

type QueryRunner = (client: QueryClient, options: FetchQueryOptions) => Promise<unknown>;

function queryFunctions(
  proxy: object,
  options: ServerClientOptions,
  controller: ControllerManifest,
  scope: ScopeParams,
  run: QueryRunner,
): Record<string, (...args: unknown[]) => Promise<unknown>> {
  const functions: Record<string, (...args: unknown[]) => Promise<unknown>> = {};
  for (const [clientName, method] of Object.entries(controller.methods)) {
    if (method[1] !== 'query') continue;
    functions[clientName] = (...args) =>
      run(options.getQueryClient(), queryOptionsFor(proxy, method, scope, args) as FetchQueryOptions);
  }
  return functions;
}

export function createServerClients<Apis>(
  manifest: ClientManifest,
  options: ServerClientOptions,
): ServerControllerClients<Apis> {
  const caller = serverCaller(options);
  const proxy = createTRPCOptionsProxy<AnyRouter>({
    router: options.router,
    ctx: options.createContext,
    queryClient: options.getQueryClient,
  });
  const prefetch: QueryRunner = (client, query) => client.prefetchQuery(query);
  const fetch: QueryRunner = async (client, query) => {
    try {
      return await client.fetchQuery(query);
    } catch (error) {
      throw toClientError(error);
    }
  };
  const clients: Record<string, object> = {};
  for (const [name, controller] of Object.entries(manifest)) {
    const scopeOf = (scope: unknown) => pickScope(name, controller, scope);
    clients[name] = {
      with: (scope?: unknown) => withClient(controller, scopeOf(scope), caller),
      prefetch: (scope?: unknown) => queryFunctions(proxy, options, controller, scopeOf(scope), prefetch),
      fetch: (scope?: unknown) => queryFunctions(proxy, options, controller, scopeOf(scope), fetch),
    };
  }
  return clients as ServerControllerClients<Apis>;
}

/** `<HydrateClient>`: hands the request's prefetched queries to the browser's cache. */
export function createHydrateClient(getQueryClient: () => QueryClient) {
  return function HydrateClient({ children }: { children: ReactNode }): ReactNode {
    return createElement(HydrationBoundary, { state: dehydrate(getQueryClient()) }, children);
  };
}
