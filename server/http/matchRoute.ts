/**
 * REST route matching. Static segments beat `:params` at each position
 * (`/campaigns/stats` wins over `/campaigns/:id`); a path that exists under
 * another method answers 405 with `Allow`.
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

/** `path` is relative to the API mount (e.g. `/teams/1/campaigns`). */
export function matchRoute(table: RouteTable, method: string, path: string): RouteMatch {
  const parts = split(path);
  const allowed = new Set<string>();
  for (const route of table.routes) {
    if (route.segments.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = route.segments.every((segment, index) => {
      const part = parts[index] as string;
      if (segment.startsWith(':')) {
        params[segment.slice(1)] = decode(part);
        return true;
      }
      return segment === part;
    });
    if (!matches) continue;
    if (route.method === method) return { route, params };
    allowed.add(route.method);
  }
  if (allowed.size > 0) {
    throw new MethodNotAllowed([...allowed]);
  }
  throw new NotFound('Route');
}

/**
 * The methods routed at `path`, other than `method`: the `Allow` of a 405 that an
 * action throws itself (a route the controller declares but refuses, such as a
 * `@crud` destroy it does not offer).
 */
export function otherMethodsAt(table: RouteTable, method: string, path: string): string[] {
  const allowed = new Set<string>();
  for (const candidate of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
    if (candidate === method) continue;
    try {
      matchRoute(table, candidate, path);
      allowed.add(candidate);
    } catch {
      // not routed under this method
    }
  }
  return [...allowed];
}

export class MethodNotAllowed extends AppError {
  constructor(
    readonly allow: string[],
    message = `Method not allowed; use ${allow.join(', ')}`,
  ) {
    super('METHOD_NOT_SUPPORTED', message);
  }
}
