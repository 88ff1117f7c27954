/**
 * Every failure a typed client reports, from the browser, a script or a
 * server component, is a `ClientError` with the server's error code
 * (docs/controllers.md "Errors") and its field errors:
 *
 *   const create = campaigns.create();
 *   create.error?.fields?.name   // ["can't be blank"] after a 422
 *   create.error?.retryAfter     // 240 (seconds) after a 429
 *   if (isClientError(error) && error.code === 'NOT_FOUND') ...
 */
import type { ErrorCode, FieldErrors } from '../controller/errors';

/** The server's codes, plus `NETWORK_ERROR` when no answer arrived at all. */
export type ClientErrorCode = ErrorCode | 'NETWORK_ERROR';

export class ClientError extends Error {
  override readonly name = 'ClientError';
  /** On a 429: seconds until a retry may pass (the server's Retry-After). */
  readonly retryAfter?: number;

  constructor(
    readonly code: ClientErrorCode,
    message: string,
    /** Field errors of a 422 (validation) or a 400 (input shape): `{ name: ["can't be blank"] }`. */
    readonly fields: FieldErrors | undefined,
    /** HTTP status of the answer; 0 for `NETWORK_ERROR`. */
    readonly httpStatus: number,
    options?: { cause?: unknown; retryAfter?: number },
  ) {
    super(message, options);
    if (options?.retryAfter !== undefined) this.retryAfter = options.retryAfter;
  }
}

export function isClientError(error: unknown): error is ClientError {
  return error instanceof ClientError;
}

interface ErrorDataLike {
  code?: unknown;
  httpStatus?: unknown;
  fields?: unknown;
  retryAfter?: unknown;
}

/** Whole seconds from a body's `retryAfter` or a server error's `retry-after` header; undefined otherwise. */
function retryAfterOf(value: unknown): { retryAfter?: number } {
  const seconds = typeof value === 'string' ? Number(value) : value;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? { retryAfter: seconds } : {};
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function fieldsOf(value: unknown): FieldErrors | undefined {
  return isObject(value) ? (value as FieldErrors) : undefined;
}

/**
 * Normalises what the transports throw: a `TRPCClientError` (its `data` is
 * the framework's error data), a server-side `TRPCError` (its `cause` is the
 * framework's AppError), an AppError itself, or anything else (500).
 */
export function toClientError(error: unknown): ClientError {
  if (error instanceof ClientError) return error;
  const message = error instanceof Error ? error.message : 'Unexpected error';
  if (isObject(error)) {
    const data = error.data as ErrorDataLike | undefined;
    if (isObject(data) && typeof data.code === 'string') {
      const status = typeof data.httpStatus === 'number' ? data.httpStatus : 500;
      return new ClientError(data.code as ErrorCode, message, fieldsOf(data.fields), status, {
        cause: error,
        ...retryAfterOf(data.retryAfter),
      });
    }
    const cause = error.cause;
    const source =
      isObject(cause) && typeof cause.code === 'string' && typeof cause.status === 'number' ? cause : error;
    if (typeof source.code === 'string' && typeof source.status === 'number') {
      const headers = isObject(source.headers) ? source.headers : {};
      return new ClientError(source.code as ErrorCode, message, fieldsOf(source.fields), source.status, {
        cause: error,
        ...retryAfterOf(headers['retry-after']),
      });
    }
    // A TRPCClientError without data: the request never got a tRPC answer.
    if (error.name === 'TRPCClientError')
      return new ClientError('NETWORK_ERROR', message, undefined, 0, { cause: error });
  }
  return new ClientError('INTERNAL_SERVER_ERROR', message, undefined, 500, { cause: error });
}
