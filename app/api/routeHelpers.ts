/**
 * What the few route files beside the catch-all share (/api/health,
 * /api/ready): errors in the API's one JSON format, a JSON 405 for other
 * methods, and a deadline for checks that must not hang.
 */
import { AppError } from '@/server';

/** An AppError as the API's JSON error body, never cached. */
export function jsonError(error: AppError, headers: Record<string, string> = {}): Response {
  return Response.json(error.toJSON(), { status: error.status, headers: { 'Cache-Control': 'no-store', ...headers } });
}

/** A handler answering 405 with `Allow`, for the methods a route does not serve. */
export function methodNotAllowed(path: string, allow: string): (request: Request) => Response {
  return (request) =>
    jsonError(new AppError('METHOD_NOT_SUPPORTED', `${request.method} is not supported on ${path}`), {
      Allow: allow,
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
