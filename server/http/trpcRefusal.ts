/**
 * The answer to a tRPC request refused before any of its calls runs (the
 * cross-site check, the batch size, queries beside mutations, a method the
 * procedures do not take, the body rules): that refusal for every
 * call, each with its path, in tRPC's envelope (an array for a batch) and
 * with the refusal's status, as the calls' own errors would read.
 *
 * Built here rather than by tRPC (a createContext that rejects): tRPC looks
 * each call up before it asks for the context, so an unknown name in a
 * refused batch kept its own 404 (a 207 for the batch), and a batch mixing
 * queries and mutations got one text/plain "Bad request" instead of the
 * refusal. A request refused as a whole is answered as a whole.
 *
 * A batch over MAX_BATCH_SIZE gets one error object without a path, as tRPC
 * answers an error about a whole request: one per name would let 8 KB of
 * commas ask for a megabyte of errors. tRPC's batch link gives a non-array
 * answer to every call of the batch, so a client reads it as it reads the
 * array, where a capped array would leave the calls past the cap unanswered.
 */
import type { AppError } from '../controller/errors';
import { reportError } from './errorResponse';
import { errorShape } from './trpc';
import { isBoundedBatch } from './trpcCalls';

/** `paths`: the request's calls (trpcCalls.ts). */
export function trpcRefusal(refused: AppError, paths: readonly string[], searchParams: URLSearchParams): Response {
  const body =
    searchParams.get('batch') !== '1'
      ? { error: errorShape(refused, paths[0]) }
      : isBoundedBatch(paths, searchParams)
        ? paths.map((path) => ({ error: errorShape(refused, path) }))
        : { error: errorShape(refused, undefined) };
  reportError(refused);
  return new Response(JSON.stringify(body), {
    status: refused.status,
    // tRPC's own headers on an answer (its Vary), and what the refusal asks for (Retry-After).
    headers: { 'content-type': 'application/json', vary: 'trpc-accept, accept', ...refused.headers },
  });
}
