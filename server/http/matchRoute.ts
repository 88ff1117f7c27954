/**
 * REST route matching. Static segments beat `:params` at each position
 * (`/campaigns/stats` wins over `/campaigns/:id`, for every method); a path
 * that exists under another method answers 405 with `Allow`.
 */
import { AppError, BadRequest, NotFound } from '../controller/errors';
import type { RouteRecord } from './buildRouter';

export interface RouteTable {
  routes: Array<RouteRecord & { segments: string[]; rank: string }>;
}

export interface RouteMatch {
  route: RouteRecord;
  params: Record<string, string>;
}

function split(path: string): string[] {
  return path.split('/').filter(Boolean);
}

export function createRouteTable(routes: RouteRecord[]): RouteTable {
  const table = routes.map((route) => {
    const segments = split(route.path);
    // '1' for a static segment, '0' for a param: higher ranks are more specific.
    const rank = segments.map((segment) => (segment.startsWith(':') ? '0' : '1')).join('');
    return { ...route, segments, rank };
  });
  table.sort((a, b) => (a.rank < b.rank ? 1 : a.rank > b.rank ? -1 : 0));
  return { routes: table };
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new BadRequest('Malformed URL');
  }
}

/** The params of `route` for a path split into `parts`, or null when the route does not match it. */
function paramsOf(route: RouteTable['routes'][number], parts: string[]): Record<string, string> | null {
  if (route.segments.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (let index = 0; index < parts.length; index++) {
    const segment = route.segments[index] as string;
    const part = parts[index] as string;
    if (segment.startsWith(':')) params[segment.slice(1)] = decode(part);
    else if (segment !== part) return null;
  }
  return params;
}

/**
 * The routes of the most specific pattern that matches `parts` (one pattern, several methods), with their
 * params, in table order. Static segments win whatever the method: `DELETE /campaigns/stats` is a 405
 * naming what `stats` serves, not `DELETE /campaigns/:id` with "stats" for an id. A generator, so that
 * matchRoute stops at the method's route instead of reading the rest of its rank.
 */
function* routesAt(
  table: RouteTable,
  parts: string[],
): Generator<{ route: RouteTable['routes'][number]; params: Record<string, string> }> {
  let rank: string | undefined;
  for (const route of table.routes) {
    // Most specific first: past the first match's rank, nothing more specific can come.
    if (rank !== undefined && route.rank !== rank) return;
    const params = paramsOf(route, parts);
    if (!params) continue;
    rank = route.rank;
    yield { route, params };
  }
}

/** `path` is relative to the API mount (e.g. `/teams/1/campaigns`). Routes are most specific first. */
export function matchRoute(table: RouteTable, method: string, path: string): RouteMatch {
  const served = new Set<string>();
  for (const match of routesAt(table, split(path))) {
    if (match.route.method === method) return match;
    served.add(match.route.method);
  }
  if (served.size > 0) throw new MethodNotAllowed([...served]);
  throw new NotFound('Route');
}

/** The methods routed at `path`: what a 405 there allows. */
export function methodsAt(table: RouteTable, path: string): string[] {
  return [...new Set(Array.from(routesAt(table, split(path)), ({ route }) => route.method))];
}

/** A 405's `Allow`: the methods served, plus HEAD with GET and OPTIONS, which Next.js answers for every route file by itself. */
export const allowFor = (served: readonly string[]): string[] => [
  ...served,
  ...(served.includes('GET') ? ['HEAD'] : []),
  'OPTIONS',
];

/** A 405 carrying its `Allow` as a header it asks for, so REST's errorResponse and tRPC's refusals both send it. */
export class MethodNotAllowed extends AppError {
  readonly allow: string[];
  constructor(served: readonly string[], message = `Method not allowed; use ${allowFor(served).join(', ')}`) {
    super('METHOD_NOT_SUPPORTED', message, undefined, { headers: { allow: allowFor(served).join(', ') } });
    this.allow = allowFor(served);
  }
}
