'use client';
/**
 * Client-side providers for the typed controller clients: React Query's cache
 * and the tRPC client (`httpBatchLink` to /api/trpc) that
 * `Controller.use(...)` hooks read. Mounted once in app/layout.tsx around the
 * page. Tune caching in server/client/queryClient.ts.
 */
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import type { AppRouter } from '@/controllers';
import { MAX_BATCH_SIZE, makeQueryClient, TRPCProvider, trpcUrl } from '@/server/client';
import { signInRedirect } from './lib/signInRedirect';

let browserQueryClient: QueryClient | undefined;

/**
 * A new client per server render (no data shared between requests); one for
 * the browser's lifetime. In the browser a 401 from any call means the
 * session ended (signed out in another tab): go to sign in and come back
 * (app/lib/signInRedirect.ts) rather than leave a dead-end error on the page.
 */
function getQueryClient(): QueryClient {
  if (typeof window === 'undefined') return makeQueryClient();
  browserQueryClient ??= makeQueryClient({ onUnauthorized: signInRedirect(window.location) });
  return browserQueryClient;
}

export function Providers({ children }: { children: ReactNode }) {
  const queryClient = getQueryClient();
  const [trpcClient] = useState(() =>
    createTRPCClient<AppRouter>({
      // Relative in the browser (same origin, session cookie sent); absolute when rendered on the server.
      // At most MAX_BATCH_SIZE calls per request: the server refuses larger batches.
      links: [httpBatchLink({ url: trpcUrl(), maxItems: MAX_BATCH_SIZE })],
    }),
  );
  // The page is interactive once this runs (after its children's effects):
  // end-to-end tests wait for it before typing (e2e/support/test.ts).
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider queryClient={queryClient} trpcClient={trpcClient}>
        {children}
      </TRPCProvider>
    </QueryClientProvider>
  );
}
