/**
 * The one error serialiser for REST (and the app's own route handlers):
 * `{"error": {"code", "message", "fields"?}}` with the status of the code.
 * Unexpected errors are logged here, server-side, with their cause; the
 * response says only "Internal server error" and the request id, which a
 * user can quote and an operator finds in the log line of the failure.
 * Error lines are failures only, for an alert to watch: a 503 refused on
 * purpose is a warning (reportError).
 */
import { type AppError, toAppError } from '../controller/errors';
import { logger } from '../log/logger';
import { RefusalReason } from '../log/RefusalReason';
import { currentRequest } from '../log/requestScope';

/**
 * A JSON response. `headers` is a plain record spread over the defaults: a `Headers` object would
 * spread to nothing, so a caller holding one copies it onto the response's own headers instead.
 */
export function jsonResponse(body: unknown, status = 200, headers: Readonly<Record<string, string>> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/**
 * A 503 nothing failed for: refused on purpose (shutting down, uploads switched off), with no cause or a
 * RefusalReason. A 503 caused by a failure (the database did not answer) has that failure as its cause.
 */
function isRefusal(error: AppError): boolean {
  return error.code === 'SERVICE_UNAVAILABLE' && (error.cause === undefined || error.cause instanceof RefusalReason);
}

/**
 * Logs what a client must not see: a 5xx with its cause, at error level (configure the logger with
 * configureLogger). A deliberate refusal is a warning naming its reason, without a stack: every 503 of a
 * shutdown drain at error level would page someone for a deploy.
 */
export function reportError(error: AppError): void {
  if (error.status < 500) return;
  if (isRefusal(error)) {
    const reason = error.cause instanceof RefusalReason ? { reason: error.cause.message } : {};
    logger().warn({ code: error.code, ...reason }, error.message);
    return;
  }
  logger().error({ err: error.cause ?? error, code: error.code }, error.message);
}

/** The request id a 5xx body carries (and only a 5xx: other errors explain themselves). */
export function requestIdFor(error: AppError): string | undefined {
  return error.status >= 500 ? currentRequest()?.requestId : undefined;
}

export function errorResponse(error: unknown): Response {
  const appError = toAppError(error);
  reportError(appError);
  const body = appError.toJSON();
  const requestId = requestIdFor(appError);
  return jsonResponse(requestId ? { error: { ...body.error, requestId } } : body, appError.status, appError.headers);
}
