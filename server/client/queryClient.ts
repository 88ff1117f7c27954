/**
 * The React Query client settings shared by the browser provider
 * (app/providers.tsx) and server prefetching (controllers/serverComponents.ts), as in
 * tRPC's App Router guide. Tune caching here.
 */
import { defaultShouldDehydrateQuery, QueryClient } from '@tanstack/react-query';
import { isClientError } from './ClientError';

/** Answers worth retrying: no answer at all, or a server-side failure (5xx); never a 4xx. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (!isClientError(error)) return true;
  return error.code === 'NETWORK_ERROR' || error.httpStatus >= 500;
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
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
