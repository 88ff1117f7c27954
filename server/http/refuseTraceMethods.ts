/**
 * Answers TRACE with 405 before Next.js sees it.
 *
 * Why here and not in a route or the proxy: Next.js wraps every incoming
 * request in a WHATWG `Request` (`NextRequest`), whose constructor throws on
 * the "forbidden methods" TRACE, TRACK and CONNECT. So a TRACE fails inside
 * Next, before the proxy or any route runs, as a 500. Node's HTTP server
 * hands the request to its `request` listeners (Next's) through `emit`; this
 * wraps `emit` on `http.Server.prototype` (HTTPS servers inherit it) and
 * answers TRACE itself. The other two never reach `request`: Node's parser
 * answers 400 to TRACK (not an HTTP method it knows), and emits `connect`
 * for CONNECT, closing the socket when nobody listens.
 *
 * Call once at server start-up (instrumentation.node.ts) with the headers
 * the app's API responses carry (app/lib/apiSecurityHeaders.ts): Next never
 * sees this response, so its configured headers would not be on it. Calling
 * again is a no-op. Affects only servers in this process, i.e. Next's own.
 */
import { type IncomingMessage, Server, type ServerResponse } from 'node:http';

const INSTALLED = Symbol.for('active-controller.refuseTraceMethods');

/** Every method some route of the app serves; `Allow` of the 405. */
export const ALLOWED_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE';

/** The API's error body (server/http/errorResponse.ts) for a refused method. */
function refuse(request: IncomingMessage, response: ServerResponse, headers: Record<string, string>): void {
  const body = JSON.stringify({
    error: { code: 'METHOD_NOT_SUPPORTED', message: `${request.method} is not supported` },
  });
  response.writeHead(405, {
    ...headers,
    allow: ALLOWED_METHODS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    // A TRACE may carry a body nobody reads: close rather than reuse a connection in an unknown state.
    connection: 'close',
  });
  request.resume();
  response.end(body);
}

/** `emit` as one signature (Server's own type is a list of overloads, one per event). */
type Emit = (this: Server, event: string | symbol, ...args: unknown[]) => boolean;

export function refuseTraceMethods(headers: Record<string, string> = {}): void {
  const prototype = Server.prototype as Server & { [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  const emit = prototype.emit as Emit;
  const emitUnlessRefused: Emit = function (event, ...args) {
    if (event === 'request') {
      const [request, response] = args as [IncomingMessage, ServerResponse];
      if (request.method === 'TRACE') {
        refuse(request, response, headers);
        return true;
      }
    }
    return emit.call(this, event, ...args);
  };
  prototype.emit = emitUnlessRefused as Server['emit'];
  prototype[INSTALLED] = true;
}
