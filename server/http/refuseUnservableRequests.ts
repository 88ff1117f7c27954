/**
 * Answers the requests Next.js cannot serve (or serves badly) before Next.js
 * sees them, refusals in the API's JSON error format, instead of Next's bare
 * 500, empty 400 or redirect:
 *
 * - **TRACE and methods no route serves** (PROPFIND, MKCOL, LOCK, QUERY ...):
 *   405 with `Allow`. Next.js wraps every request in a WHATWG `Request`
 *   (`NextRequest`), whose constructor throws on TRACE (a 500), and answers
 *   other unknown methods with an empty 400. TRACK never gets here (Node's
 *   parser answers 400); CONNECT is a `connect` event Node closes.
 * - **A path whose percent-encoding does not decode** (`/api/teams/%FF`,
 *   an encoded lone surrogate): 400. Next.js fails to decode it, a 500.
 * - **An absolute-form target** (`GET http://elsewhere/api/health`, which
 *   only a proxy should send): served as its path and query. Next.js would
 *   answer a 308 to that host, a redirect a cache in front could keep and
 *   hand to others. The host in the target is ignored as `Host` is: links
 *   and origin checks use APP_URL (docs/security.md, the trust model).
 *   Any other target that is not a path (`OPTIONS *`) is a 400.
 * - **PUT, PATCH and DELETE on a page**: 405 with `Allow: GET, HEAD, OPTIONS`.
 *   Next.js would render the page and answer 200, as if to a GET.
 * - **OPTIONS on a page** (`OPTIONS /`, `OPTIONS /teams/1`): 204 with
 *   `Allow: GET, HEAD, OPTIONS`. Next.js answers it with an empty 400 (and a
 *   metadata file such as /robots.txt with a 405). Paths under `routePaths`
 *   (the API, route files elsewhere) go on to their routes, which answer
 *   OPTIONS with their own methods (apiRoute.ts). POST is not listed: a server
 *   action is POSTed to its page with a `Next-Action` header naming an action
 *   of this build, Next's own call from the page's script, not a method a
 *   client may use on the page. The answer does not say a page exists there:
 *   that is known only by rendering (a team you are not in is a 404), which
 *   an OPTIONS must not cost.
 *
 * Why here and not in a route or the proxy: all of these but OPTIONS fail
 * inside Next before either runs. OPTIONS on a page does reach the proxy, but
 * the proxy cannot tell a page from a route file either, and runs only after
 * Next has done its routing work; here it costs one comparison. Node's HTTP server hands each request to its `request`
 * listeners (Next's) through `emit`; this wraps `emit` on
 * `http.Server.prototype` (HTTPS servers inherit it).
 *
 * Call once at server start-up (instrumentation.node.ts) with the headers
 * the app's API responses carry (app/lib/apiSecurityHeaders.ts): Next never
 * sees these responses, so its configured headers would not be on them.
 * Calling again is a no-op. Affects only servers in this process, i.e. Next's own.
 */
import { type IncomingMessage, Server, type ServerResponse } from 'node:http';
import type { ErrorCode } from '../controller/errors';

const INSTALLED = Symbol.for('active-controller.refuseUnservableRequests');

/** Every method some route of the app serves; `Allow` of the 405. */
const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';
/** OPTIONS too goes on to Next.js under `routePaths`: route files answer it (204 with their `Allow`, apiRoute.ts). */
const SERVED_METHODS = new Set([...ALLOWED_METHODS.split(', '), 'OPTIONS']);
/** What a page takes from a client; the `Allow` of an OPTIONS on a page, and of a 405 there. */
const PAGE_METHODS = 'GET, HEAD, OPTIONS';
/** Methods only route files serve: on a page Next.js would render it and answer 200 as if to a GET. */
const ROUTE_ONLY_METHODS = new Set(['PUT', 'PATCH', 'DELETE']);

export interface UnservableRequestOptions {
  /**
   * Where route files answer OPTIONS themselves: each path and everything under it (`/api` is `/api` and
   * `/api/...`, not `/apiary`). Default `['/api']`. OPTIONS anywhere else is a page's.
   */
  routePaths?: readonly string[];
}

interface Refusal {
  status: 400 | 405;
  code: ErrorCode;
  message: string;
  /** A 405's `Allow`; every method some route serves unless given. */
  allow?: string;
}

/** Why Next.js cannot serve `request`, or undefined when it can (an absolute-form target is rewritten here). */
function refusalOf(request: IncomingMessage): Refusal | undefined {
  const method = request.method ?? '';
  if (!SERVED_METHODS.has(method)) {
    return { status: 405, code: 'METHOD_NOT_SUPPORTED', message: `${method.slice(0, 20)} is not supported` };
  }
  let target = request.url ?? '';
  if (!target.startsWith('/')) {
    const url = URL.canParse(target) ? new URL(target) : undefined;
    if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
      return { status: 400, code: 'BAD_REQUEST', message: 'The request target must be a path' };
    }
    target = `${url.pathname}${url.search}`;
    request.url = target;
  }
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  if (path.includes('%')) {
    try {
      decodeURIComponent(path);
    } catch {
      return { status: 400, code: 'BAD_REQUEST', message: 'The path has malformed percent-encoding' };
    }
  }
  return undefined;
}

/** The API's error body (server/http/errorResponse.ts) for a refused request. */
function refuse(
  request: IncomingMessage,
  response: ServerResponse,
  { status, code, message, allow = ALLOWED_METHODS }: Refusal,
  headers: Record<string, string>,
): void {
  const body = JSON.stringify({ error: { code, message } });
  response.writeHead(status, {
    ...headers,
    ...(status === 405 ? { allow } : {}),
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    // The request may carry a body nobody reads: close rather than reuse a connection in an unknown state.
    connection: 'close',
  });
  request.resume();
  response.end(body);
}

/** Whether `target` (a path, validated by refusalOf) is a page's rather than a route file's. */
function isPagePath(target: string, routePaths: readonly string[]): boolean {
  const query = target.indexOf('?');
  const raw = query === -1 ? target : target.slice(0, query);
  // Next.js routes `/%61pi/health` as `/api/health`.
  const path = raw.includes('%') ? decodeURIComponent(raw) : raw;
  return !routePaths.some((prefix) => prefix === '/' || path === prefix || path.startsWith(`${prefix}/`));
}

/** 204 with the page's methods; keeps the connection (Node discards a body nobody read). */
function answerPageOptions(request: IncomingMessage, response: ServerResponse, headers: Record<string, string>): void {
  response.writeHead(204, { ...headers, allow: PAGE_METHODS });
  request.resume();
  response.end();
}

function pageRefusal(method: string): Refusal {
  const message = `${method} is not supported on a page; use ${PAGE_METHODS}`;
  return { status: 405, code: 'METHOD_NOT_SUPPORTED', message, allow: PAGE_METHODS };
}

/** `emit` as one signature (Server's own type is a list of overloads, one per event). */
type Emit = (this: Server, event: string | symbol, ...args: unknown[]) => boolean;

export function refuseUnservableRequests(
  headers: Record<string, string> = {},
  { routePaths = ['/api'] }: UnservableRequestOptions = {},
): void {
  const prototype = Server.prototype as Server & { [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  const emit = prototype.emit as Emit;
  const emitUnlessRefused: Emit = function (event, ...args) {
    if (event === 'request') {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      const refusal = refusalOf(request);
      if (refusal) {
        refuse(request, response, refusal, headers);
        return true;
      }
      // Two comparisons on every other request; the path is read for OPTIONS, PUT, PATCH and DELETE only.
      const method = request.method ?? '';
      if ((method === 'OPTIONS' || ROUTE_ONLY_METHODS.has(method)) && isPagePath(request.url ?? '/', routePaths)) {
        if (method === 'OPTIONS') answerPageOptions(request, response, headers);
        else refuse(request, response, pageRefusal(method), headers);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  };
  prototype.emit = emitUnlessRefused as Server['emit'];
  prototype[INSTALLED] = true;
}
