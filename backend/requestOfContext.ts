/**
 * The HTTP request behind a request context, for the few actions that need
 * more than the context carries: the public origin of links the API hands out
 * (invitation links) and, for rate limits, the caller's address. The context
 * keeps its shape (backend/context.ts), so the request is remembered
 * beside it, keyed by the context object: controllers/index.ts records it when
 * it builds a context, and so do server components' clients
 * (controllers/serverClientOptions.ts), with the page request's headers.
 * Other in-process calls (scripts, jobs, tests) have none.
 */
const requests = new WeakMap<object, Request>();

/** Called by the API handler's context builder for each request. */
export function rememberRequest(context: object, request: Request): void {
  requests.set(context, request);
}

/** The request `context` was built from, if it came over HTTP. */
export function requestOf(context: object): Request | undefined {
  return requests.get(context);
}
