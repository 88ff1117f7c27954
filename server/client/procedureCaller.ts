/**
 * The transport under `Controller.with(...)`: a vanilla tRPC client over
 * `httpBatchLink` (calls made in the same tick share one request).
 *
 * In the browser the default targets `/api/trpc` on the page's origin, with
 * its cookies. Scripts and tests point it elsewhere: pass `{ client }` to
 * `.with()`, or call `configureClient()` once at start-up.
 */
import { createTRPCUntypedClient, httpBatchLink } from '@trpc/client';
import type { AnyRouter } from '@trpc/server';
import { MAX_BATCH_SIZE } from '../shared/batchSize';
import type { ProcedureCaller } from './clientTypes';

/** Where tRPC is mounted (createApiHandler's default prefix `/api`). */
const TRPC_PATH = '/api/trpc';

/**
 * Fallback origin when no window exists (a client component rendered on the
 * server, a script). Change it with `configureClient({ url })`.
 */
const DEFAULT_SERVER_ORIGIN = 'http://localhost:3000';

/**
 * The longest URL one batched GET may have; calls past it go in another
 * batch. Node refuses a request head over 16 KiB (with a bare 431, before the
 * app can answer in its own format), and proxies often stop at 8 KiB, cookies
 * included. A single call longer than this still goes alone.
 */
export const MAX_URL_LENGTH = 8_000;

export interface CallerOptions {
  /** Full tRPC endpoint, e.g. `http://localhost:3000/api/trpc`. Default: see `trpcUrl()`. */
  url?: string;
  /** Custom fetch (tests pass one that calls the handler directly). */
  fetch?: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;
  /** Extra headers on every request (a script's session cookie ...). */
  headers?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
}

/** `/api/trpc` in the browser; an absolute URL elsewhere (fetch needs one outside a page). */
export function trpcUrl(): string {
  return typeof window === 'undefined' ? `${DEFAULT_SERVER_ORIGIN}${TRPC_PATH}` : TRPC_PATH;
}

/**
 * `fetch` whose network failure names the endpoint: fetch's own "fetch failed" does not say where it
 * went, and outside a browser the answer is usually the default `http://localhost:3000`.
 */
function namingFailures(url: string, fetchImpl: NonNullable<CallerOptions['fetch']>): CallerOptions['fetch'] {
  return async (input, init) => {
    try {
      return await fetchImpl(input, init);
    } catch (error) {
      if (init?.signal?.aborted) throw error;
      const reason = error instanceof Error ? error.message : String(error);
      const hint =
        typeof window === 'undefined' ? '; outside a browser, set it with configureClient({ url, headers })' : '';
      throw new Error(`Could not reach ${url} (${reason})${hint}`, { cause: error });
    }
  };
}

export function createProcedureCaller(options: CallerOptions = {}): ProcedureCaller {
  const headers = options.headers;
  const url = options.url ?? trpcUrl();
  const client = createTRPCUntypedClient<AnyRouter>({
    links: [
      httpBatchLink({
        url,
        // The server refuses a batch of more calls: split them instead.
        maxItems: MAX_BATCH_SIZE,
        maxURLLength: MAX_URL_LENGTH,
        fetch: namingFailures(url, options.fetch ?? ((input, init) => fetch(input, init))),
        headers: typeof headers === 'function' ? () => headers() : headers,
      }),
    ],
  });
  return {
    query: (path, input) => client.query(path, input),
    mutation: (path, input) => client.mutation(path, input),
  };
}

let configured: ProcedureCaller | undefined;

/** Sets the transport every `.with()` uses unless given `{ client }` (scripts: an absolute URL). */
export function configureClient(options: CallerOptions): void {
  configured = createProcedureCaller(options);
}

/** The transport `.with()` uses by default, created on first use. */
export function defaultCaller(): ProcedureCaller {
  configured ??= createProcedureCaller();
  return configured;
}
