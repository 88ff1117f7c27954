/**
 * Counts every HTTP request this process serves as in flight, from the moment
 * Node's server hands it to its listeners until its response has finished or
 * its connection closed, so graceful shutdown (./shutdown.ts) waits for all of
 * them: pages, RSC payloads and server actions as well as API routes. Only
 * API routes pass through `serveAtEdge`, which tracks its own work; a page
 * still rendering when the API requests had drained was cut off by the exit
 * (the client saw an empty reply).
 *
 * Node's HTTP server hands each request to its `request` listeners (Next's)
 * through `emit`; this wraps `emit` on `http.Server.prototype`, as
 * refuseUnservableRequests does, so it sees the requests Next serves and the
 * ones refused before Next alike.
 *
 * While draining, a new request is still served and counted: API routes
 * answer it 503 themselves, and a page is rendered as usual, since by then
 * `/api/ready` fails and the balancer is taking the instance out of rotation;
 * refusing it would only turn a late request into an error. Its response
 * carries `Connection: close`, so a kept-alive client (a proxy, a browser)
 * opens its next connection, which the balancer sends elsewhere. The drain's
 * timeout still bounds the wait if such requests keep coming.
 *
 * Call once at server start-up (instrumentation.node.ts), where shutdown is
 * installed. Calling again is a no-op. Affects only servers in this process,
 * i.e. Next's own.
 */
import { type IncomingMessage, Server, type ServerResponse } from 'node:http';
import { beginRequest, isDraining } from './shutdown';

const INSTALLED = Symbol.for('active-controller.trackServerRequests');

/** `emit` as one signature (Server's own type is a list of overloads, one per event). */
type Emit = (this: Server, event: string | symbol, ...args: unknown[]) => boolean;

export function trackServerRequests(): void {
  const prototype = Server.prototype as Server & { [INSTALLED]?: true };
  if (prototype[INSTALLED]) return;
  const emit = prototype.emit as Emit;
  const emitTracked: Emit = function (event, ...args) {
    if (event === 'request') {
      const [, response] = args as [IncomingMessage, ServerResponse];
      const end = beginRequest();
      // 'finish' once the last byte is handed to the socket; 'close' also when the client went away first.
      response.once('finish', end);
      response.once('close', end);
      if (isDraining()) response.setHeader('connection', 'close');
    }
    return emit.call(this, event, ...args);
  };
  prototype.emit = emitTracked as Server['emit'];
  prototype[INSTALLED] = true;
}
