/**
 * The one error serialiser for REST (and the app's own route handlers):
 * `{"error": {"code", "message", "fields"?}}` with the status of the code.
 * Unexpected errors are logged here, server-side, with their cause; the
 * response says only "Internal server error".
 */
import { type AppError, toAppError } from '../controller/errors';
import { MethodNotAllowed } from './matchRoute';

export function jsonResponse(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** Logs what a client must not see. Replace with your logger (pino, OpenTelemetry ...). */
export function reportError(error: AppError): void {
  if (error.status >= 500) console.error(`[api] ${error.code}:`, error.cause ?? error);
}

export function errorResponse(error: unknown): Response {
  const appError = toAppError(error);
  reportError(appError);
  const headers: Record<string, string> =
    appError instanceof MethodNotAllowed ? { allow: appError.allow.join(', ') } : {};
  return jsonResponse(appError.toJSON(), appError.status, headers);
}
