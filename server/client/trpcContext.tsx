/**
 * The app's one tRPC React context (`@trpc/tanstack-react-query`). Created on
 * first use rather than at import: React Server Components have no
 * `createContext`, and server code may import the clients for `.with()`.
 *
 * The router is typed loosely on purpose: procedures are built at run time,
 * and their types come from the generated client (controllers/client.gen.ts).
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TRPCClient } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { createTRPCContext, type TRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { ReactNode } from 'react';

type Context = ReturnType<typeof createTRPCContext<AnyRouter>>;
let context: Context | undefined;

function trpcContext(): Context {
  context ??= createTRPCContext<AnyRouter>();
  return context;
}

export interface TRPCProviderProps {
  children?: ReactNode;
  queryClient: QueryClient;
  trpcClient: TRPCClient<AnyRouter>;
}

/** Provides the tRPC client and query client to `Controller.use(...)` (mounted by app/providers.tsx). */
export function TRPCProvider({ children, queryClient, trpcClient }: TRPCProviderProps): ReactNode {
  const { TRPCProvider: Provider } = trpcContext();
  return (
    <Provider queryClient={queryClient} trpcClient={trpcClient}>
      {children}
    </Provider>
  );
}

/** The options proxy (`trpc.teams.campaigns.index.queryOptions(...)`), untyped: see above. */
export function useTRPC(): TRPCOptionsProxy<AnyRouter> {
  return trpcContext().useTRPC();
}
