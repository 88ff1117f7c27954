/**
 * Builds `Controller.use(scope)` and `Controller.with(scope)` for every
 * controller of a generated manifest:
 *
 *   export const { CampaignController } = createControllerClients<ClientApis>(manifest);
 *
 * controllers/browser.ts does this for the app. Browser-safe: it reaches the
 * server only through tRPC.
 */
import {
  type QueryClient,
  type UseMutationOptions,
  type UseQueryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { pickScope, type ScopeParams } from './buildInput';
import type { ControllerClients, WithOptions } from './clientTypes';
import { controllerQueryFilter, mutationOptionsFor, queryOptionsFor } from './controllerQueries';
import type { ClientManifest, ControllerManifest } from './manifest';
import { defaultCaller } from './procedureCaller';
import { useTRPC } from './trpcContext';
import { withClient } from './withClient';

type Hooks = Record<string, unknown> & { invalidate(): Promise<void> };

/** Query hooks take the call's arguments (0 for `none`, else 1), then React Query options. */
function buildHooks(trpc: object, queryClient: QueryClient, controller: ControllerManifest, scope: ScopeParams): Hooks {
  const hooks: Hooks = {
    invalidate: () => queryClient.invalidateQueries(controllerQueryFilter(controller, scope)),
  };
  for (const [clientName, method] of Object.entries(controller.methods)) {
    const [, type, shape] = method;
    if (type === 'query') {
      const arity = shape === 'none' ? 0 : 1;
      const options = (args: unknown[]) => queryOptionsFor(trpc, method, scope, args.slice(0, arity));
      // The returned functions are hooks by contract (`campaigns.index(...)` inside a component).
      const useControllerQuery = (...args: unknown[]) =>
        useQuery(queryOptionsFor(trpc, method, scope, args.slice(0, arity), args[arity] as object) as UseQueryOptions);
      hooks[clientName] = Object.assign(useControllerQuery, { queryOptions: (...args: unknown[]) => options(args) });
    } else {
      const useControllerMutation = (options?: object) =>
        useMutation(mutationOptionsFor(trpc, queryClient, controller, method, scope, options) as UseMutationOptions);
      hooks[clientName] = useControllerMutation;
    }
  }
  return hooks;
}

/** The body of `Controller.use(scope)`: a hook (it reads the tRPC and query client contexts). */
function useControllerHooks(name: string, controller: ControllerManifest, scope: unknown): Hooks {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // Keyed by value, so `use({ teamId })` with a fresh object each render keeps the same hooks.
  const scopeKey = JSON.stringify(pickScope(name, controller, scope));
  return useMemo(
    () => buildHooks(trpc, queryClient, controller, JSON.parse(scopeKey) as ScopeParams),
    [trpc, queryClient, controller, scopeKey],
  );
}

export function createControllerClients<Apis>(manifest: ClientManifest): ControllerClients<Apis> {
  const clients: Record<string, object> = {};
  for (const [name, controller] of Object.entries(manifest)) {
    clients[name] = {
      // `Controller.use()` is a hook by contract (the spec's name): call it at the top of a component.
      use: (scope?: unknown) => useControllerHooks(name, controller, scope),
      with: (scope?: unknown, options: WithOptions = {}) =>
        withClient(controller, pickScope(name, controller, scope), options.client ?? defaultCaller()),
    };
  }
  return clients as ControllerClients<Apis>;
}
