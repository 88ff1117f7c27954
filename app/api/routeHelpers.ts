/**
 * What the few route files beside the catch-all share (/api/health,
 * /api/ready): a JSON 405 for other methods, and a deadline for checks that
 * must not hang. Errors go through the API's one serialiser (`errorResponse`).
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

/** Rejects when `promise` has not settled within `ms` (a hung dependency must not hang a probe). */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
