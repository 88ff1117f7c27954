/**
 * Storage outages become one error: 503 `SERVICE_UNAVAILABLE` with the
 * message "Storage unavailable". The SDK's own error (which may name the
 * endpoint or bucket) is kept as `cause` for server logs only.
 *
 * Two ways in: `withStorage(fn)` converts at the call site, so code that
 * writes the database around a storage call knows which side failed; and an
 * error mapper registered at import converts raw SDK errors that reach the
 * error serialiser unwrapped.
 */
import { registerErrorMapper, ServiceUnavailable } from '../controller/errors';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/** Error names of the store (or SDK) saying "try again later", whatever the status. */
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ServiceUnavailable',
  'SlowDown',
  'InternalError',
]);

interface ErrorLike {
  name?: unknown;
  code?: unknown;
  message?: unknown;
  cause?: unknown;
  errors?: unknown;
  $metadata?: { httpStatusCode?: number };
  $response?: { statusCode?: number };
}

function isObject(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null;
}

/** True when `error` (or an error in its cause chain) says the store could not be reached or is failing. */
export function isStorageUnavailableError(error: unknown, depth = 0): boolean {
  if (!isObject(error) || depth > 5) return false;
  if (typeof error.code === 'string' && NETWORK_CODES.has(error.code)) return true;
  if (typeof error.name === 'string' && UNAVAILABLE_NAMES.has(error.name)) return true;
  if (typeof error.message === 'string' && /socket hang up/i.test(error.message)) return true;
  const status = error.$metadata?.httpStatusCode ?? error.$response?.statusCode;
  if (typeof status === 'number' && status >= 500) return true;
  // Node's happy-eyeballs connect (`localhost` -> ::1 and 127.0.0.1) fails with an AggregateError.
  if (Array.isArray(error.errors) && error.errors.some((inner) => isStorageUnavailableError(inner, depth + 1))) {
    return true;
  }
  return isStorageUnavailableError(error.cause, depth + 1);
}

/**
 * Errors thrown by the AWS SDK carry `$metadata`. The global mapper only
 * claims those, so a database ECONNREFUSED is not reported as a storage outage.
 */
function isSdkError(error: unknown): boolean {
  return isObject(error) && isObject(error.$metadata);
}

function unavailable(cause: unknown): ServiceUnavailable {
  return new ServiceUnavailable('Storage unavailable', { cause });
}

const outageListeners = new Set<() => void>();

/** Called whenever a storage call fails with an outage (storageProbe.ts forgets its cached "up" then). */
export function onStorageOutage(listener: () => void): void {
  outageListeners.add(listener);
}

/**
 * Runs a storage call; an outage becomes `ServiceUnavailable` (503), other
 * errors (access denied, missing bucket: configuration bugs) pass unchanged.
 */
export async function withStorage<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isStorageUnavailableError(error)) {
      for (const listener of outageListeners) listener();
      throw unavailable(error);
    }
    throw error;
  }
}

registerErrorMapper((error) =>
  isSdkError(error) && isStorageUnavailableError(error) ? unavailable(error) : undefined,
);
