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

/** Every route whose segments match `path`, most specific first, with its params. */
function* matchesAt(table: RouteTable, path: string): Generator<RouteMatch> {
  const parts = split(path);
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
    if (matches) yield { route, params };
  }
}

/** `path` is relative to the API mount (e.g. `/teams/1/campaigns`). */
export function matchRoute(table: RouteTable, method: string, path: string): RouteMatch {
  for (const match of matchesAt(table, path)) if (match.route.method === method) return match;
  const routed = methodsAt(table, path);
  if (routed.length > 0) throw new MethodNotAllowed(routed);
  throw new NotFound('Route');
}

/** The methods routed at `path`: what a 405 there allows. */
export function methodsAt(table: RouteTable, path: string): string[] {
  return [...new Set([...matchesAt(table, path)].map((match) => match.route.method))];
}

/** A 405's `Allow`: the methods served, plus HEAD with GET and OPTIONS, which Next.js answers for every route file by itself. */
export const allowFor = (served: readonly string[]): string[] => [
  ...served,
  ...(served.includes('GET') ? ['HEAD'] : []),
  'OPTIONS',
];

export class MethodNotAllowed extends AppError {
  readonly allow: string[];
  constructor(served: readonly string[], message = `Method not allowed; use ${allowFor(served).join(', ')}`) {
    super('METHOD_NOT_SUPPORTED', message);
    this.allow = allowFor(served);
  }
}
