/**
 * The framework's one tRPC instance. Its error formatter puts the AppError
 * code (`UNPROCESSABLE_ENTITY`, not tRPC's `UNPROCESSABLE_CONTENT`) and the
 * field errors in `error.data`, and never a stack or internal message.
 *
 * The tRPC context is the app's own request context, so middlewares written
 * with `procedure.use(...)` see exactly what controllers see in `this.context`.
 */
import { initTRPC, TRPCError } from '@trpc/server';
import { TRPC_ERROR_CODES_BY_KEY } from '@trpc/server/rpc';
import { AppError, type ErrorCode, type FieldErrors, toAppError } from '../controller/errors';
import { requestIdFor } from './errorResponse';

export interface ErrorData {
  code: ErrorCode;
  httpStatus: number;
  path?: string;
  fields?: FieldErrors;
  /**
   * On a 429: seconds until a retry may pass (the Retry-After header's value, per call). A browser
   * client cannot read a batch's headers from its errors, so the wait travels in the body too.
   */
  retryAfter?: number;
  /** On 5xx only: the id of the request's log lines. */
  requestId?: string;
}

type TrpcCode = TRPCError['code'];

const TRPC_CODE: Record<ErrorCode, TrpcCode> = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_SUPPORTED: 'METHOD_NOT_SUPPORTED',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  UNPROCESSABLE_ENTITY: 'UNPROCESSABLE_CONTENT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL_SERVER_ERROR: 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
};

/** tRPC's own failures (bad batch, unknown procedure, unparsable input) as AppErrors. */
function fromTrpcError(error: TRPCError): AppError {
  switch (error.code) {
    case 'PARSE_ERROR':
    case 'BAD_REQUEST':
      return new AppError('BAD_REQUEST', 'Bad request');
    case 'NOT_FOUND':
      return new AppError('NOT_FOUND', 'Procedure not found');
    case 'METHOD_NOT_SUPPORTED':
      return new AppError('METHOD_NOT_SUPPORTED', 'Method not supported');
    case 'PAYLOAD_TOO_LARGE':
      return new AppError('PAYLOAD_TOO_LARGE', 'Request body exceeds 1 MiB');
    case 'UNSUPPORTED_MEDIA_TYPE':
      return new AppError('UNSUPPORTED_MEDIA_TYPE', 'Unsupported media type');
    default:
      return toAppError(error.cause ?? error);
  }
}

/** The AppError behind any error tRPC reports. */
export function appErrorOf(error: TRPCError): AppError {
  return error.cause instanceof AppError ? error.cause : fromTrpcError(error);
}

/**
 * Headers the failed calls' AppErrors ask for (`retry-after` on a 429), for
 * fetchRequestHandler's `responseMeta`. In a batch, later calls win a clash;
 * for Retry-After the longest wait wins, so a client retrying the whole batch
 * waits long enough for every call.
 */
export function errorHeaders(errors: readonly TRPCError[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const error of errors) {
    for (const [name, value] of Object.entries(appErrorOf(error).headers ?? {})) {
      const previous = headers[name];
      headers[name] =
        name === 'retry-after' && previous !== undefined && Number(previous) > Number(value) ? previous : value;
    }
  }
  return headers;
}

/** Thrown by procedures: a TRPCError whose cause is the AppError. */
export function toTRPCError(error: unknown): TRPCError {
  const appError = toAppError(error);
  return new TRPCError({ code: TRPC_CODE[appError.code], message: appError.message, cause: appError });
}

/**
 * One call's error as tRPC's envelope carries it (`{code, message, data}`): what the errorFormatter
 * answers, and what trpcRefusal.ts answers for the calls of a request refused before tRPC.
 */
export function errorShape(appError: AppError, path: string | undefined) {
  const data: ErrorData = { code: appError.code, httpStatus: appError.status, path };
  if (appError.fields) data.fields = appError.fields;
  const retryAfter = Number(appError.headers?.['retry-after']);
  if (Number.isFinite(retryAfter) && retryAfter > 0) data.retryAfter = retryAfter;
  const requestId = requestIdFor(appError);
  if (requestId) data.requestId = requestId;
  // The JSON-RPC code of the AppError's own kind: an AppError thrown outside a procedure (the app's
  // createContext refusing a bad API key) reaches the formatter wrapped as tRPC's INTERNAL_SERVER_ERROR (-32603).
  return { code: TRPC_ERROR_CODES_BY_KEY[TRPC_CODE[appError.code]], message: appError.message, data };
}

export const t = initTRPC.context<object>().create({
  isDev: false, // never put stacks in responses
  errorFormatter: ({ shape, error }) => errorShape(appErrorOf(error), shape.data.path),
});

/**
 * The procedure builder apps may pass to `buildRouter(Controller, procedure)`
 * after adding middlewares with `.use()` (logging, rate limits ...).
 */
export const baseProcedure = t.procedure;
export type ProcedureBuilder = typeof t.procedure;
