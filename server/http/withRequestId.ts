/**
 * Serves one request inside its request scope (server/log/requestScope) and
 * stamps the response with `X-Request-Id`: the API handler and the app's own
 * route files (/api/health, /api/ready, /api/session) share it, so every API
 * response carries the id a user can quote and the logs are searched by.
 */
import { type RequestInfo, requestIdFrom, runWithRequest } from '../log/requestScope';

export function withRequestId(request: Request, serve: (info: RequestInfo) => Promise<Response>): Promise<Response> {
  const info: RequestInfo = { requestId: requestIdFrom(request) };
  return runWithRequest(info, async () => {
    const response = await serve(info);
    response.headers.set('x-request-id', info.requestId);
    return response;
  });
}
