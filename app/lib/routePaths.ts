/**
 * Where route files answer OPTIONS themselves, with the methods they serve
 * (server/http/apiRoute.ts): the API, and each route file outside it. An
 * OPTIONS anywhere else is a page's, answered before Next.js with
 * `Allow: GET, HEAD, OPTIONS` (refuseUnservableRequests, called in
 * instrumentation.node.ts), since Next answers it with an empty 400.
 *
 * Adding a route file outside app/api: list its path here, or its OPTIONS
 * would name the page's methods instead of its own. routePaths.test.ts fails
 * until it is listed. No imports: instrumentation reads it at start-up.
 */
export const ROUTE_PATHS: readonly string[] = ['/api', '/dev/mail/messages'];
