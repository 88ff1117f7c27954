/**
 * The answer to a tRPC request refused before any of its calls runs (the
 * cross-site check, the batch size, the body rules): that refusal for every
 * call, each with its path, in tRPC's envelope (an array for a batch) and
 * with the refusal's status, as the calls' own errors would read.
 *
 * Built here rather than by tRPC (a createContext that rejects): tRPC looks
 * each call up before it asks for the context, so an unknown name in a
 * refused batch kept its own 404 (a 207 for the batch), and a batch mixing
 * queries and mutations got one text/plain "Bad request" instead of the
 * refusal. A request refused as a whole is answered as a whole.
 */
import type { AppError } from '../controller/errors';
import { reportError } from './errorResponse';
import { errorShape } from './trpc';

/** `names`: the URL path after the tRPC endpoint (`/a.b,c.d`), split as tRPC splits it: decoded, then on commas. */
export function trpcRefusal(refused: AppError, names: string, searchParams: URLSearchParams): Response {
  let paths = names.replace(/^\/|\/$/g, '');
  try {
    paths = decodeURIComponent(paths);
  } catch {
    // Named as sent: the refusal stands whatever the names are.
  }
  const body =
    searchParams.get('batch') === '1'
      ? paths.split(',').map((path) => ({ error: errorShape(refused, path) }))
      : { error: errorShape(refused, paths) };
  reportError(refused);
  return new Response(JSON.stringify(body), {
    status: refused.status,
    // tRPC's own headers on an answer (its Vary), and what the refusal asks for (Retry-After).
    headers: { 'content-type': 'application/json', vary: 'trpc-accept, accept', ...refused.headers },
  });
}
