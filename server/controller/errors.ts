/**
 * The one error path. Anything thrown during dispatch becomes an `AppError`
 * through `toAppError()`, and both adapters serialise that: REST as
 * `{error: {code, message, fields?}}` with the status below, tRPC as
 * `error.data.code` / `error.data.fields`.
 */
import { RecordNotFound } from '../model/RecordNotFound';

export const STATUS_BY_CODE = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_ENTITY: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof STATUS_BY_CODE;

/** Field errors: `{ name: ["can't be blank"] }`; record-level errors under `base`. */
export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  override readonly name: string = 'AppError';
  /**
   * Response headers the error asks for (e.g. `retry-after` on a 429). Both
   * adapters send them: REST in errorResponse, tRPC through responseMeta.
   */
  readonly headers?: Readonly<Record<string, string>>;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(message, options);
    if (options?.headers) this.headers = options.headers;
  }

  get status(): number {
    return STATUS_BY_CODE[this.code];
  }

  toJSON(): { error: { code: ErrorCode; message: string; fields?: FieldErrors } } {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

export class BadRequest extends AppError {
  constructor(message = 'Bad request', fields?: FieldErrors) {
    super('BAD_REQUEST', message, fields);
  }
}

export class Unauthorized extends AppError {
  constructor(message = 'Authentication required') {
    super('UNAUTHORIZED', message);
  }
}

export class Forbidden extends AppError {
  constructor(message = 'Forbidden') {
    super('FORBIDDEN', message);
  }
}

export class NotFound extends AppError {
  /** `name` is what was not found, e.g. `NotFound('Campaign')` -> "Campaign not found". */
  constructor(name = 'Resource') {
    super('NOT_FOUND', `${name} not found`);
  }
}

/** 409: the request conflicts with the record's current state (a stale version, a state that moved on). */
export class Conflict extends AppError {
  constructor(message = 'Conflict') {
    super('CONFLICT', message);
  }
}

export class ServiceUnavailable extends AppError {
  constructor(message = 'Service unavailable', options?: { cause?: unknown }) {
    super('SERVICE_UNAVAILABLE', message, undefined, options);
  }
}

/**
 * 429. `retryAfterSeconds` becomes the `Retry-After` header (whole seconds,
 * at least 1) on REST and tRPC responses alike.
 */
export class TooManyRequests extends AppError {
  readonly retryAfterSeconds: number;

  constructor(retryAfterSeconds: number, message = 'Too many requests, try again later') {
    const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
    super('TOO_MANY_REQUESTS', message, undefined, { headers: { 'retry-after': String(seconds) } });
    this.retryAfterSeconds = seconds;
  }
}

/** 422 carrying a record's field errors: `throw toValidationError(record.errors)`. */
export function toValidationError(fields: FieldErrors, message = 'Validation failed'): AppError {
  return new AppError('UNPROCESSABLE_ENTITY', message, fields);
}

/**
 * Hook for other layers (storage, the app) to map their own error classes to
 * an AppError without this module importing them. Return undefined to pass.
 */
export type ErrorMapper = (error: unknown) => AppError | undefined;
const mappers: ErrorMapper[] = [];

export function registerErrorMapper(mapper: ErrorMapper): void {
  if (!mappers.includes(mapper)) mappers.push(mapper);
}

/**
 * PostgreSQL "data exception" (SQLSTATE class 22: invalid text for a type,
 * value out of range, bad date...) anywhere in the cause chain: the client
 * sent a value the database cannot take. It is the client's error (400), but
 * its text is the driver's, so the message stays generic.
 */
function isDataException(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Any thrown value -> AppError. Unknown errors become a generic 500 whose
 * message says nothing of the cause (the cause is kept for server logs).
 */
export function toAppError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof RecordNotFound) return new NotFound(error.modelName);
  if (isDataException(error)) return new BadRequest('Invalid value', undefined);
  for (const mapper of mappers) {
    const mapped = mapper(error);
    if (mapped) return mapped;
  }
  return new AppError('INTERNAL_SERVER_ERROR', 'Internal server error', undefined, { cause: error });
}
