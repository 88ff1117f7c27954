/**
 * React Query options for one controller's procedures, built on the tRPC
 * options proxy (`@trpc/tanstack-react-query`), so keys match what server
 * components prefetch. Pure functions: the hooks in createControllerClients.ts
 * only pass these to `useQuery` / `useMutation`.
 */
import type { Query, QueryClient, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { argsOfVariables, buildInput, type ScopeParams } from './buildInput';
import { toClientError } from './ClientError';
import type { ControllerManifest, ManifestMethod } from './manifest';

type QueryFn = (context: QueryFunctionContext) => unknown;

/** What this module reads from a tRPC options proxy node. */
interface ProcedureUtils {
  queryOptions(input: unknown, options?: object): { queryKey: QueryKey; queryFn?: QueryFn | symbol };
  mutationOptions(): { mutationKey: readonly unknown[]; mutationFn?: (input: unknown) => Promise<unknown> };
}

/** `teams.campaigns.index` on the options proxy (a recursive proxy: any path resolves). */
function procedure(trpc: object, path: string): ProcedureUtils {
  let node: unknown = trpc;
  for (const part of path.split('.')) node = (node as Record<string, unknown>)[part];
  return node as ProcedureUtils;
}

/** Queries of this controller whose input carries the same scope params. */
export function controllerQueryFilter(
  manifest: ControllerManifest,
  scope: ScopeParams,
): { predicate: (query: Query) => boolean } {
  const paths = new Set(
    Object.values(manifest.methods)
      .filter(([, type]) => type === 'query')
      .map(([path]) => path),
  );
  return {
    predicate: (query) => {
      const [path, args] = query.queryKey as [unknown, { input?: Record<string, unknown> } | undefined];
      if (!Array.isArray(path) || !paths.has(path.join('.'))) return false;
      const input = args?.input ?? {};
      return Object.entries(scope).every(([name, value]) => input[name] === value);
    },
  };
}

export function queryOptionsFor(
  trpc: object,
  [path, , shape]: ManifestMethod,
  scope: ScopeParams,
  args: readonly unknown[],
  options?: object,
): { queryKey: QueryKey; queryFn?: QueryFn | symbol } {
  const base = procedure(trpc, path).queryOptions(buildInput(shape, scope, args), options);
  const fetch = base.queryFn;
  if (typeof fetch !== 'function') return base; // skipToken
  return {
    ...base,
    queryFn: async (context) => {
      try {
        return await fetch(context);
      } catch (error) {
        throw toClientError(error);
      }
    },
  };
}

interface MutationHookOptions {
  onSuccess?: (...args: never[]) => unknown;
}

/** Mutation options whose success invalidates the controller's queries in the same scope. */
export function mutationOptionsFor(
  trpc: object,
  queryClient: QueryClient,
  controller: ControllerManifest,
  [path, , shape]: ManifestMethod,
  scope: ScopeParams,
  options: MutationHookOptions = {},
): object {
  const base = procedure(trpc, path).mutationOptions();
  const send = base.mutationFn;
  if (!send) throw new Error(`tRPC gave no mutationFn for ${path}`);
  return {
    ...options,
    mutationKey: base.mutationKey,
    mutationFn: async (variables: unknown) => {
      try {
        return await send(buildInput(shape, scope, argsOfVariables(shape, variables)));
      } catch (error) {
        throw toClientError(error);
      }
    },
    onSuccess: async (...args: never[]) => {
      await queryClient.invalidateQueries(controllerQueryFilter(controller, scope));
      return options.onSuccess?.(...args);
    },
  };
}
