/**
 * React Query options for one controller's procedures, built on the tRPC
 * options proxy (`@trpc/tanstack-react-query`), so keys match what server
 * components prefetch. Pure functions: the hooks in createControllerClients.ts
 * only pass these to `useQuery` / `useMutation`.
 */
import type { Query, QueryClient, QueryFunctionContext, QueryKey } from '@tanstack/react-query';
import { argsOfVariables, buildInput, type ScopeParams } from './buildInput';
import { ClientError, toClientError } from './ClientError';
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

/** Queries of this controller in this scope about one record: those whose input `id` is `id` (`get(id)` ...). */
export function recordQueryFilter(
  manifest: ControllerManifest,
  scope: ScopeParams,
  id: unknown,
): { predicate: (query: Query) => boolean } {
  const { predicate: inScope } = controllerQueryFilter(manifest, scope);
  return {
    predicate: (query) => {
      const [, args] = query.queryKey as [unknown, { input?: Record<string, unknown> } | undefined];
      return inScope(query) && args?.input?.id === id;
    },
  };
}

/**
 * A deleted record's queries become what asking again would answer, a 404,
 * without asking: no data, a NOT_FOUND error, dated now. Not removed: the
 * browser's Back restores the record's page from Next's router cache with the
 * server's copy (HydrationBoundary), which would come back into an empty cache
 * as fresh data, and the page would show the record again; a newer entry keeps
 * it out, and a page mounting it shows the 404 at once without asking.
 * Not invalidated either: the page still showing the record would refetch
 * it, a 404. A page that shows one (`get` ...) is changed once it has
 * unmounted (the deleting page, on its way to the list), so it does not flash
 * a not-found state on the way out; others at once.
 */
function markGone(queryClient: QueryClient, filter: { predicate: (query: Query) => boolean }): void {
  const cache = queryClient.getQueryCache();
  const gone = (query: Query) => {
    const now = Date.now();
    query.setState({
      data: undefined,
      dataUpdatedAt: now,
      error: new ClientError('NOT_FOUND', 'This has been deleted.', undefined, 404),
      errorUpdatedAt: now,
      status: 'error',
      fetchStatus: 'idle',
      isInvalidated: false,
    });
    // A component mounting it shows that error rather than fetching (React Query's default retries on mount).
    queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  };
  for (const query of cache.findAll(filter)) {
    void query.cancel();
    if (query.getObserversCount() === 0) {
      gone(query);
      continue;
    }
    const unsubscribe = cache.subscribe((event) => {
      if (event.query !== query) return;
      if (event.type === 'removed') unsubscribe();
      else if (event.type === 'observerRemoved' && query.getObserversCount() === 0) {
        unsubscribe();
        gone(query);
      }
    });
  }
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

/**
 * Mutation options whose success invalidates the controller's queries in the
 * same scope; a successful `destroy(id)` marks that record's queries gone
 * instead (markGone).
 */
export function mutationOptionsFor(
  trpc: object,
  queryClient: QueryClient,
  controller: ControllerManifest,
  method: ManifestMethod,
  scope: ScopeParams,
  options: MutationHookOptions = {},
): object {
  const [path, , shape] = method;
  const base = procedure(trpc, path).mutationOptions();
  // The default destroy action (client name `destroy`, input shape `id`): its variables are the record's id.
  const destroys = controller.methods.destroy === method;
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
      const [, variables] = args as unknown[];
      const gone = destroys ? recordQueryFilter(controller, scope, variables) : undefined;
      if (gone) markGone(queryClient, gone);
      const { predicate: inScope } = controllerQueryFilter(controller, scope);
      await queryClient.invalidateQueries({ predicate: (query) => inScope(query) && !gone?.predicate(query) });
      return options.onSuccess?.(...args);
    },
  };
}
