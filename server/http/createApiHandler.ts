/**
 * The whole API as one `(Request) => Promise<Response>`: REST routes from the
 * controllers' route records, and tRPC at `<prefix>/trpc`. The app's
 * catch-all route (`app/api/[...path]/route.ts`) and the tests both use it.
 *
 * Each transport only parses and serialises; `dispatch()` does the rest.
 */
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { assertNoNulChars } from '../controller/assertNoNulChars';
import type { AuthorizeScope } from '../controller/dispatch';
import { dispatch } from '../controller/dispatch';
import { NotFound } from '../controller/errors';
import type { BuiltRouter } from './buildRouter';
import { assertSameOrigin } from './csrf';
import { errorResponse, jsonResponse, reportError } from './errorResponse';
import { createRouteTable, matchRoute } from './matchRoute';
import { readJsonBody } from './readJsonBody';
import { attachScopeGuard } from './scopeGuards';
import { appErrorOf } from './trpc';

export interface ApiHandlerOptions<Ctx extends object> {
  routers: BuiltRouter;
  /** Builds `this.context` for a request (current user, memberships ...). */
  createContext: (request: Request) => Ctx | Promise<Ctx>;
  /** Runs for scoped routes before any record is read (401 / 404 / 403). */
  authorizeScope?: AuthorizeScope<Ctx>;
  /** Where the catch-all route is mounted. Default `/api`. */
  prefix?: string;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Calls per tRPC batch request (httpBatchLink's default `maxItems` is Infinity; set it to this or less). */
export const MAX_BATCH_SIZE = 50;

/** Browsers attach cookies by themselves, so only cookie-carrying writes get the cross-site check. */
function checkCsrf(request: Request): void {
  if (UNSAFE.has(request.method) && request.headers.has('cookie')) assertSameOrigin(request);
}

/**
 * The API's one request handler (options: docs/controllers.md, "Wiring").
 *
 * @example
 * ```ts
 * // controllers/index.ts
 * export const api = mergeRouters(buildRouter(CampaignController), buildRouter(PostController));
 * export const handler = createApiHandler({ routers: api, createContext, authorizeScope });
 *
 * // app/api/[...path]/route.ts
 * export { handler as DELETE, handler as GET, handler as PATCH, handler as POST, handler as PUT };
 * ```
 */
export function createApiHandler<Ctx extends object>(options: ApiHandlerOptions<Ctx>) {
  const prefix = (options.prefix ?? '/api').replace(/\/+$/, '');
  const trpcEndpoint = `${prefix}/trpc`;
  const table = createRouteTable(options.routers.routes);
  const context = async (request: Request) =>
    attachScopeGuard(await options.createContext(request), options.authorizeScope);

  async function handleTrpc(request: Request): Promise<Response> {
    let forwarded = request;
    if (request.method === 'POST') {
      // Same body rules as REST (1 MB, JSON only, no U+0000) before tRPC parses it.
      const body = await readJsonBody(request);
      forwarded = new Request(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(body) });
    }
    return fetchRequestHandler({
      endpoint: trpcEndpoint,
      req: forwarded,
      router: options.routers.router,
      createContext: () => context(request),
      // One request may carry several calls; cap them so one request cannot fan out into thousands.
      maxBatchSize: MAX_BATCH_SIZE,
      onError: ({ error }) => reportError(appErrorOf(error)),
    });
  }

  async function handleRest(request: Request, url: URL): Promise<Response> {
    // HEAD is a GET without the body (Next.js hands HEAD requests to the GET export).
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const { route, params } = matchRoute(table, method, url.pathname.slice(prefix.length));
    const body = UNSAFE.has(request.method) ? await readJsonBody(request) : undefined;
    for (const [key, value] of url.searchParams) assertNoNulChars({ [key]: value }, 'query');
    const result = await dispatch(
      route.controller,
      route.action,
      { transport: 'rest', params, query: url.searchParams, body },
      {
        context: await options.createContext(request),
        authorizeScope: options.authorizeScope as AuthorizeScope<never>,
      },
    );
    const response = jsonResponse(result, route.action.kind === 'create' ? 201 : 200);
    return request.method === 'HEAD'
      ? new Response(null, { status: response.status, headers: response.headers })
      : response;
  }

  return async function handle(request: Request): Promise<Response> {
    try {
      const url = new URL(request.url);
      if (!url.pathname.startsWith(`${prefix}/`)) throw new NotFound('Route');
      checkCsrf(request);
      if (url.pathname === trpcEndpoint || url.pathname.startsWith(`${trpcEndpoint}/`))
        return await handleTrpc(request);
      return await handleRest(request, url);
    } catch (error) {
      return errorResponse(error);
    }
  };
}
