/**
 * What the few route files beside the catch-all share (/api/health,
 * /api/ready): a JSON 405 for other methods, through the API's one error
 * serialiser (`errorResponse`) and with the request id.
 */
import { AppError, errorResponse, withRequestId } from '@/server';

/** A handler answering 405 with `Allow`, for the methods a route does not serve. */
export function methodNotAllowed(path: string, allow: string): (request: Request) => Promise<Response> {
  return (request) =>
    withRequestId(request, async () => {
      const response = errorResponse(
        new AppError('METHOD_NOT_SUPPORTED', `${request.method} is not supported on ${path}`),
      );
      response.headers.set('allow', allow);
      return response;
    });
}
