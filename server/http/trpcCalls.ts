/**
 * The calls a tRPC request names, read as tRPC reads them, for the checks the
 * handler makes before tRPC runs (createApiHandler.ts) and for the answer to
 * what they refuse (trpcRefusal.ts).
 */
import { BadRequest } from '../controller/errors';
import { MAX_BATCH_SIZE } from '../shared/batchSize';

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
  return searchParams.get('batch') === '1' ? paths.split(',') : [paths];
}

/** Whether a refusal of these calls is answered per call; past the limit it is one error for the request. */
export const isBoundedBatch = (paths: readonly string[], searchParams: URLSearchParams): boolean =>
  searchParams.get('batch') === '1' && paths.length <= MAX_BATCH_SIZE;

/**
 * Refuses a batch of more than MAX_BATCH_SIZE calls, before tRPC sees it. tRPC's own `maxBatchSize`
 * throws before it has any calls, so it answers one text/plain error with the generic "Bad request";
 * refused here, the batch goes the way of the handler's other refusals (trpcRefusal.ts), naming the limit.
 */
export function assertBatchSize(paths: readonly string[], searchParams: URLSearchParams): void {
  if (searchParams.get('batch') === '1' && paths.length > MAX_BATCH_SIZE) {
    throw new BadRequest(`A tRPC batch carries at most ${MAX_BATCH_SIZE} calls; this one has ${paths.length}`);
  }
}
