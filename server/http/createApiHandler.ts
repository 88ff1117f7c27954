/**
 * The whole API as one `(Request) => Promise<Response>`: REST routes from the
 * controllers' route records, and tRPC at `<prefix>/trpc`. The app's
 * catch-all route (`app/api/[[...path]]/route.ts`) and the tests both use it.
 *
 * Each transport only parses and serialises; `dispatch()` does the rest.
 * Around both: the API's one edge (apiRoute.ts: request id, drain, error
 * envelope, access log line), as for every other route under /api.
 */
import { fetchRequestHandler } from '@trpc/server/adapters/fetch';
import { ACTION_KINDS } from '../controller/actionKinds';
import { assertStorableStrings } from '../controller/assertStorableStrings';
import type { AuthorizeScope } from '../controller/dispatch';
import { dispatch } from '../controller/dispatch';
import { AppError, NotFound } from '../controller/errors';
import { currentRequest } from '../log/requestScope';
import { type EdgeRoute, serveAtEdge } from './apiRoute';
import type { BuiltRouter } from './buildRouter';
import { checkTenantColumn } from './checkTenantColumn';
import { assertSameOrigin } from './csrf';
import { jsonResponse, reportError } from './errorResponse';
import { allowFor, createRouteTable, MethodNotAllowed, matchRoute, methodsAt } from './matchRoute';
import { ParsedJsonRequest } from './parsedJsonRequest';
import { assertJsonDepth, readJsonBody } from './readJsonBody';
import { attachScopeGuard } from './scopeGuards';
import { appErrorOf, errorHeaders } from './trpc';
import { assertBatchSize, assertMethodServed, assertOneProcedureType, methodsServed, trpcCallPaths } from './trpcCalls';
import { trpcRefusal } from './trpcRefusal';

export interface ApiHandlerOptions<Ctx extends object> {
  routers: BuiltRouter;
  /** Builds `this.context` for a request (current user, memberships ...). */
  createContext: (request: Request) => Ctx | Promise<Ctx>;
  /** Runs for scoped routes before any record is read (401 / 404 / 403). */
  authorizeScope?: AuthorizeScope<Ctx>;
  /** Where the catch-all route is mounted. Default `/api`. */
  prefix?: string;
  /** The user id the request log line shows (e.g. `(ctx) => ctx.user?.id`). */
  userIdOf?: (context: Ctx) => string | number | undefined;
  /** The public origin a cookie-carrying write's `Origin` must match (e.g. from APP_URL). Default: the addressed origin. */
  origin?: (request: Request) => string | undefined;
  /**
   * The column that says which tenant owns a row (e.g. `teamId`). A controller whose model has it
   * but whose `@scope`s do not include it would serve every tenant's rows: building the handler throws.
   * It also turns on `keepReferencesInTenant(column)` (model/tenantReferences.ts): no save, through
   * the API or not, may point a record's reference at another tenant's row.
   */
  tenantColumn?: string;
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Browsers attach cookies by themselves, so only cookie-carrying writes get the cross-site check. */
function checkCsrf(request: Request, origin?: (request: Request) => string | undefined): void {
  if (UNSAFE.has(request.method) && request.headers.has('cookie')) {
    assertSameOrigin(request, origin ? origin(request) : undefined);
  }
}

/** A HEAD's answer: the GET's status and headers without its body (RFC 9110 9.3.2). */
function withoutBody(response: Response): Response {
  return new Response(null, { status: response.status, headers: response.headers });
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
 * // app/api/[[...path]]/route.ts
 * export { handler as DELETE, handler as GET, handler as PATCH, handler as POST, handler as PUT };
 * ```
 */
export function createApiHandler<Ctx extends object>(options: ApiHandlerOptions<Ctx>) {
  if (options.tenantColumn !== undefined) checkTenantColumn(options.routers.routes, options.tenantColumn);
  const prefix = (options.prefix ?? '/api').replace(/\/+$/, '');
  const trpcEndpoint = `${prefix}/trpc`;
  const table = createRouteTable(options.routers.routes);
  /** The app's context; also notes its user for the request log line. */
  const createContext = async (request: Request): Promise<Ctx> => {
    const built = await options.createContext(request);
    const info = currentRequest();
    if (info && options.userIdOf) info.userId = options.userIdOf(built);
    return built;
  };
  const context = async (request: Request) => attachScopeGuard(await createContext(request), options.authorizeScope);

  /**
   * The cross-site check, the batch size, the calls' kinds and method, and the body rules for a tRPC request.
   * What they refuse is answered for every call of the request, in tRPC's envelope like every other error
   * (trpcRefusal.ts).
   */
  async function checkTrpcRequest(
    request: Request,
    url: URL,
    paths: readonly string[],
  ): Promise<{ forwarded: Request } | { refused: AppError }> {
    try {
      checkCsrf(request, options.origin);
      // One request may carry several calls; cap them so one request cannot fan out into thousands.
      assertBatchSize(paths, url.searchParams);
      // tRPC refuses queries beside mutations with one generic "Bad request"; here each call hears why.
      assertOneProcedureType(options.routers.router, paths);
      // Only GET and POST reach tRPC, each for the procedures it takes (HEAD arrives here as its GET).
      assertMethodServed(options.routers.router, paths, request.method);
      // Same body rules as REST (1 MB, JSON only, depth, storable strings); tRPC gets the parsed value.
      if (request.method === 'POST') return { forwarded: new ParsedJsonRequest(request, await readJsonBody(request)) };
      // A query's input travels in `?input=` and tRPC parses it: the same depth rule first.
      const input = url.searchParams.get('input');
      if (input !== null) assertJsonDepth(input);
      return { forwarded: request };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { refused: error };
    }
  }

  async function handleTrpc(request: Request): Promise<Response> {
    // tRPC answers every HEAD with 204 before reading it (a serverless warm-up), whatever the session, the
    // record or the procedure. HEAD is a GET without the body, as on REST: run the GET, answer its status.
    if (request.method === 'HEAD') {
      const get = new Request(request.url, { method: 'GET', headers: request.headers, signal: request.signal });
      return withoutBody(await handleTrpc(get));
    }
    const url = new URL(request.url);
    const paths = trpcCallPaths(url.pathname.slice(trpcEndpoint.length), url.searchParams);
    const checked = await checkTrpcRequest(request, url, paths);
    if ('refused' in checked) return trpcRefusal(checked.refused, paths, url.searchParams);
    const response = await fetchRequestHandler({
      endpoint: trpcEndpoint,
      req: checked.forwarded,
      router: options.routers.router,
      createContext: () => context(request),
      // No `maxBatchSize`: checkTrpcRequest refuses a larger batch naming the limit (tRPC's says only "Bad request").
      onError: ({ error }) => reportError(appErrorOf(error)),
      // Headers an error asks for (Retry-After on a 429), as REST's errorResponse sends them.
      responseMeta: ({ errors }) => ({ headers: errorHeaders(errors) }),
    });
    // An error tRPC raises about the request as a whole (a path it cannot percent-decode) is its JSON
    // envelope without a content type, which the Response constructor then calls text/plain.
    if (response.headers.get('content-type')?.startsWith('text/plain')) {
      response.headers.set('content-type', 'application/json');
    }
    return response;
  }

  async function handleRest(request: Request, url: URL, seen: EdgeRoute): Promise<Response> {
    // HEAD is a GET without the body (Next.js hands HEAD requests to the GET export).
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const { route, params } = matchRoute(table, method, url.pathname.slice(prefix.length));
    seen.route = `${prefix}${route.path}`;
    const body = UNSAFE.has(request.method) ? await readJsonBody(request) : undefined;
    for (const [key, value] of url.searchParams) assertStorableStrings({ [key]: value }, 'query');
    const result = await dispatch(
      route.controller,
      route.action,
      { transport: 'rest', params, query: url.searchParams, body },
      {
        context: await createContext(request),
        authorizeScope: options.authorizeScope as AuthorizeScope<never>,
      },
    ).catch((error: unknown) => {
      // An action that refuses its own method (405) still answers with `Allow`, as HTTP requires.
      if (!(error instanceof AppError) || error.status !== 405 || error instanceof MethodNotAllowed) throw error;
      const others = methodsAt(table, url.pathname.slice(prefix.length)).filter((other) => other !== method);
      throw new MethodNotAllowed(others, error.message);
    });
    const response = jsonResponse(result, ACTION_KINDS[route.action.kind].created ? 201 : 200);
    return request.method === 'HEAD' ? withoutBody(response) : response;
  }

  /** OPTIONS: 204 with the methods served at the path (on tRPC: by the procedures it names), the `Allow` a 405 there names. */
  function answerOptions(url: URL, seen: EdgeRoute): Response {
    const trpc = url.pathname === trpcEndpoint || url.pathname.startsWith(`${trpcEndpoint}/`);
    const served = trpc
      ? methodsServed(options.routers.router, trpcCallPaths(url.pathname.slice(trpcEndpoint.length), url.searchParams))
      : methodsAt(table, url.pathname.slice(prefix.length));
    if (served.length === 0) throw new NotFound('Route');
    // The log names no ids: the path's pattern is not looked up for an OPTIONS.
    seen.route = trpc ? trpcEndpoint : prefix;
    return new Response(null, { status: 204, headers: { allow: allowFor(served).join(', ') } });
  }

  async function route(request: Request, seen: EdgeRoute): Promise<Response> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(`${prefix}/`)) throw new NotFound('Route');
    if (request.method === 'OPTIONS') return answerOptions(url, seen);
    if (url.pathname === trpcEndpoint || url.pathname.startsWith(`${trpcEndpoint}/`)) {
      // Procedure names (`teams.campaigns.index,teams.campaigns.stats`), never ids; capped, as
      // the client chose them.
      seen.route = `${trpcEndpoint} ${url.pathname.slice(trpcEndpoint.length + 1, trpcEndpoint.length + 201)}`;
      return handleTrpc(request);
    }
    checkCsrf(request, options.origin);
    return handleRest(request, url, seen);
  }

  // The same edge as every other API route (apiRoute.ts); the log line names the matched pattern.
  return (request: Request): Promise<Response> => serveAtEdge(request, 'unmatched', (edge) => route(request, edge));
}
