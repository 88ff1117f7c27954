// demo:file (npm run demo:remove deletes this file)
/**
 * The requests of scenarios 1-2, one per endpoint and variant:
 *
 *   a  the controller's REST route        /api/teams/:teamId/campaigns...
 *   b  the controller over tRPC           /api/trpc/teams.campaigns.<action>
 *   c  a hand-written Next route handler  /api/bench/teams/:teamId/campaigns...
 *   d  a hand-written tRPC procedure      /api/bench/trpc/teams.campaigns.<action>
 *
 * Record endpoints walk a pool of campaign ids (request n takes pool[n]), so
 * writes do not queue on one row lock; publish resets its pool to drafts
 * before every measured run (not timed), so each request publishes a draft.
 */
import type { LoadRequest } from '../load';

export const VARIANTS = ['a', 'b', 'c', 'd'] as const;
export type Variant = (typeof VARIANTS)[number];

export const VARIANT_LABELS: Record<Variant, string> = {
  a: 'controller, REST',
  b: 'controller, tRPC',
  c: 'hand-written route',
  d: 'hand-written tRPC',
};

export interface Endpoint {
  name: 'index' | 'get' | 'create' | 'update' | 'publish';
  /** Status of a successful REST answer (tRPC answers 200). */
  status: number;
  /** Reads compare whole bodies across variants; writes compare their shape (ids and times differ). */
  compare: 'equal' | 'shape';
  request(variant: Variant, n: number): LoadRequest;
  /** Runs before each measured run, untimed. */
  reset?: () => Promise<void>;
}

function trpcInput(input: unknown): string {
  return `?input=${encodeURIComponent(JSON.stringify(input))}`;
}

/** REST (a, c) or tRPC (b, d) request of one action, under /api (controller) or /bench (hand-written). */
function route(
  variant: Variant,
  rest: { method: LoadRequest['method']; path: string; body?: unknown },
  trpc: { action: string; kind: 'query' | 'mutation'; input: Record<string, unknown> },
): LoadRequest {
  const prefix = variant === 'a' || variant === 'b' ? '/api' : '/api/bench';
  if (variant === 'a' || variant === 'c') return { ...rest, path: `${prefix}${rest.path}` };
  const path = `${prefix}/trpc/teams.campaigns.${trpc.action}`;
  return trpc.kind === 'query'
    ? { method: 'GET', path: `${path}${trpcInput(trpc.input)}` }
    : { method: 'POST', path, body: trpc.input };
}

export function campaignEndpoints(options: {
  teamId: number;
  campaignIds: readonly number[];
  /** Sets the pool's campaigns back to draft (publish). */
  resetToDrafts: (ids: readonly number[]) => Promise<void>;
}): Endpoint[] {
  const { teamId, campaignIds } = options;
  const pick = (n: number) => campaignIds[n % campaignIds.length] as number;
  const base = `/teams/${teamId}/campaigns`;
  return [
    {
      name: 'index',
      status: 200,
      compare: 'equal',
      request: (variant) =>
        route(
          variant,
          { method: 'GET', path: `${base}?page=3&perPage=20&sort=-createdAt` },
          {
            action: 'index',
            kind: 'query',
            input: { teamId, page: 3, perPage: 20, sort: [{ field: 'createdAt', dir: 'desc' }] },
          },
        ),
    },
    {
      name: 'get',
      status: 200,
      compare: 'equal',
      request: (variant, n) =>
        route(
          variant,
          { method: 'GET', path: `${base}/${pick(n)}` },
          { action: 'get', kind: 'query', input: { teamId, id: pick(n) } },
        ),
    },
    {
      name: 'create',
      status: 201,
      compare: 'shape',
      request: (variant, n) => {
        const data = { name: `Created ${variant} ${n}`, budget: n % 100_000 };
        return route(
          variant,
          { method: 'POST', path: base, body: { data } },
          { action: 'create', kind: 'mutation', input: { teamId, data } },
        );
      },
    },
    {
      name: 'update',
      status: 200,
      compare: 'shape',
      request: (variant, n) => {
        const data = { name: `Renamed ${variant} ${n}` };
        return route(
          variant,
          { method: 'PATCH', path: `${base}/${pick(n)}`, body: { data } },
          { action: 'update', kind: 'mutation', input: { teamId, id: pick(n), data } },
        );
      },
    },
    {
      name: 'publish',
      status: 200,
      compare: 'shape',
      request: (variant, n) =>
        route(
          variant,
          { method: 'POST', path: `${base}/${pick(n)}/publish` },
          { action: 'publish', kind: 'mutation', input: { teamId, id: pick(n) } },
        ),
      reset: () => options.resetToDrafts(campaignIds),
    },
  ];
}
