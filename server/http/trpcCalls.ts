/**
 * The calls a tRPC request names, read as tRPC reads them, for the checks the
 * handler makes before tRPC runs (createApiHandler.ts) and for the answer to
 * what they refuse (trpcRefusal.ts).
 */
import type { AnyRouter } from '@trpc/server';
import { BadRequest } from '../controller/errors';
import { MAX_BATCH_SIZE } from '../shared/batchSize';
import { MethodNotAllowed } from './matchRoute';

/**
 * The procedure paths of a request. `names` is the URL path after the tRPC endpoint (`/a.b,c.d`): its
 * slashes trimmed and percent-decoded (`%2C` is a comma too), then, for a batch, split on commas. A path
 * tRPC cannot decode is kept as sent: tRPC refuses it before running any call, and a refusal names it.
 */
export function trpcCallPaths(names: string, searchParams: URLSearchParams): string[] {
  let paths = names.replace(/^\/|\/$/g, '');
  try {
    paths = decodeURIComponent(paths);
  } catch {
    // Named as sent.
  }
  return isBatch(searchParams) ? paths.split(',') : [paths];
}

const isBatch = (searchParams: URLSearchParams): boolean => searchParams.get('batch') === '1';

/** Whether a refusal of these calls is answered per call; past the limit it is one error for the request. */
export const isBoundedBatch = (paths: readonly string[], searchParams: URLSearchParams): boolean =>
  isBatch(searchParams) && paths.length <= MAX_BATCH_SIZE;

/**
 * Refuses a batch of more than MAX_BATCH_SIZE calls, before tRPC sees it. tRPC's own `maxBatchSize`
 * throws before it has any calls, so it answers one text/plain error with the generic "Bad request";
 * refused here, the batch goes the way of the handler's other refusals (trpcRefusal.ts), naming the limit.
 */
export function assertBatchSize(paths: readonly string[], searchParams: URLSearchParams): void {
  if (isBatch(searchParams) && !isBoundedBatch(paths, searchParams)) {
    throw new BadRequest(`A tRPC batch carries at most ${MAX_BATCH_SIZE} calls; this one has ${paths.length}`);
  }
}

/** The method tRPC takes each kind of procedure by (without `allowMethodOverride`, which the handler leaves off). */
const METHOD_OF = { query: 'GET', mutation: 'POST' } as const;

/** The kinds of the procedures `paths` name; unknown names add none (tRPC answers them 404 by itself). */
export function procedureTypes(router: AnyRouter, paths: readonly string[]): Set<keyof typeof METHOD_OF> {
  const procedures = router._def.procedures as Record<string, { _def: { type: string } } | undefined>;
  const types = new Set<keyof typeof METHOD_OF>();
  for (const path of paths) {
    // Own keys only: a call named `constructor` or `__proto__` is unknown, not Object's.
    const type = Object.hasOwn(procedures, path) ? procedures[path]?._def.type : undefined;
    if (type === 'query' || type === 'mutation') types.add(type);
  }
  return types;
}

/**
 * Refuses a batch naming both queries and mutations, before tRPC runs: tRPC refuses it as a whole, with one
 * generic "Bad request" for the request; refused here, each call gets the reason like any other refusal.
 */
export function assertOneProcedureType(router: AnyRouter, paths: readonly string[]): void {
  if (procedureTypes(router, paths).size > 1) throw new BadRequest('A batch cannot mix queries and mutations');
}

/**
 * The methods the calls at `paths` take: GET for queries, POST for mutations, both where the path names
 * no known procedure (or mixes kinds, which assertOneProcedureType refuses). What OPTIONS answers there,
 * and the `Allow` of a 405 there, so the two agree.
 */
export function methodsServed(router: AnyRouter, paths: readonly string[]): string[] {
  const [only, ...others] = procedureTypes(router, paths);
  return only !== undefined && others.length === 0 ? [METHOD_OF[only]] : ['GET', 'POST'];
}

/**
 * Refuses a method the calls do not take (a query by POST, a mutation by GET or HEAD, and PUT, PATCH or
 * DELETE, which no procedure takes) with 405 and `Allow`, before tRPC runs: tRPC's own 405 carries no
 * `Allow`, which RFC 9110 requires on a 405, and tRPC answers a PUT or DELETE without a JSON body with a
 * 415, as it finds no content type it reads before it looks at the method.
 */
export function assertMethodServed(router: AnyRouter, paths: readonly string[], method: string): void {
  const served = methodsServed(router, paths);
  if (!served.includes(method)) throw new MethodNotAllowed(served);
}
