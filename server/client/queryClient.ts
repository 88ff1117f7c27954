/**
 * The React Query client settings shared by the browser provider
 * (app/providers.tsx) and server prefetching (controllers/serverComponents.ts), as in
 * tRPC's App Router guide. Tune caching here.
 */
import { defaultShouldDehydrateQuery, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isClientError } from './ClientError';

/** Answers worth retrying: no answer at all, or a server-side failure (5xx); never a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isClientError(error)) return true;
  return error.code === 'NETWORK_ERROR' || error.httpStatus >= 500;
}

export interface QueryClientOptions {
  /**
   * Called when any query or mutation is answered 401 (UNAUTHORIZED): the
   * session is gone (signed out in another tab, expired). The app decides
   * where that leads (app/providers.tsx sends the browser to sign in); the
   * framework knows no page paths. Unset on the server, where a prefetch's
   * 401 is the page's own business.
   */
  onUnauthorized?: () => void;
}

export function makeQueryClient({ onUnauthorized }: QueryClientOptions = {}): QueryClient {
  // One place for every query and mutation, so no page can forget it (a form's own onError still runs).
  const onError = (error: unknown) => {
    if (onUnauthorized && isClientError(error) && error.code === 'UNAUTHORIZED') onUnauthorized();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        // Data prefetched on the server stays fresh long enough not to be refetched on hydration.
        staleTime: 30_000,
        retry: shouldRetry,
      },
      dehydrate: {
        // Also hand over queries still pending, so server prefetches stream to the client.
        shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'pending',
      },
    },
  });
}
