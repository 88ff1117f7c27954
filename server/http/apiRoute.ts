/**
 * The API's one edge. Every route handler under /api passes through
 * `serveAtEdge`: the controllers' catch-all (createApiHandler) and the app's
 * own route files (auth, session, health, ready, OpenAPI, docs) alike, so each
 * response gets the same
 *
 * - request id (`X-Request-Id`, quoted by 5xx bodies),
 * - refusal while the process drains for shutdown (503 + `Connection: close`),
 * - tracking of in-flight requests (shutdown waits for them),
 * - error envelope (`{"error": {...}}` through errorResponse, nothing thrown escapes),
 * - access log line (method, route, status, duration, user id).
 *
 * A route file declares the methods it serves with `apiRoute`; every other
 * method answers 405 with `Allow`, and OPTIONS answers 204 with the same `Allow` (Next's own
 * OPTIONS would list every method the file exports). To add a route: `export const { GET, POST,
 * PUT, PATCH, DELETE, OPTIONS } = apiRoute('/api/things', { GET: (request) => ... })`; `npm run lint`
 * refuses a route file whose methods do not come from here (scripts/layers/routeEdge.ts).
 */
import { ServiceUnavailable } from '../controller/errors';
import { isDraining, trackRequest } from '../lifecycle/shutdown';
import { logger } from '../log/logger';
import { errorResponse } from './errorResponse';
import { allowFor, MethodNotAllowed } from './matchRoute';
import { withRequestId } from './withRequestId';

/** The methods a route file serves with handlers of its own (Next.js answers HEAD from GET). */
const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type RouteMethod = (typeof ROUTE_METHODS)[number];

export type RouteHandler = (request: Request) => Response | Promise<Response>;

/** What the access log line names; a handler may narrow `route` (e.g. to the matched pattern). */
export interface EdgeRoute {
  route: string;
}

/** Serves one request through the edge; `serve` may throw (any error becomes the API's error body). */
export function serveAtEdge(
  request: Request,
  route: string,
  serve: (edge: EdgeRoute) => Response | Promise<Response>,
): Promise<Response> {
  return withRequestId(request, async (info) => {
    const started = performance.now();
    const edge: EdgeRoute = { route };
    // Shutting down: refuse new work (the balancer retries elsewhere), finish what is running.
    const response = isDraining()
      ? errorResponse(new ServiceUnavailable('Shutting down'))
      : await trackRequest(async () => {
          try {
            return await serve(edge);
          } catch (error) {
            return errorResponse(error);
          }
        });
    if (isDraining()) response.headers.set('connection', 'close');
    logger().info(
      {
        method: request.method,
        route: edge.route,
        status: response.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
        ...(info.userId !== undefined ? { userId: info.userId } : {}),
      },
      'request',
    );
    return response;
  });
}

/**
 * A route file's handlers: the given methods through the edge, every other exported method a 405
 * naming the allowed ones.
 */
export function apiRoute(
  path: string,
  handlers: Partial<Record<RouteMethod, RouteHandler>>,
): Record<RouteMethod | 'OPTIONS', (request: Request) => Promise<Response>> {
  const served = ROUTE_METHODS.filter((method) => handlers[method]);
  const allow = allowFor(served).join(', ');
  const refuse = (request: Request): never => {
    throw new MethodNotAllowed(
      served,
      `${request.method} is not supported on ${path}; use ${allowFor(served).join(', ')}`,
    );
  };
  const options = () => new Response(null, { status: 204, headers: { allow } });
  return Object.fromEntries([
    ...ROUTE_METHODS.map((method) => [
      method,
      (request: Request) => serveAtEdge(request, path, () => (handlers[method] ?? refuse)(request)),
    ]),
    ['OPTIONS', (request: Request) => serveAtEdge(request, path, options)],
  ]) as Record<RouteMethod | 'OPTIONS', (request: Request) => Promise<Response>>;
}
