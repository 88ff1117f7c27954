/**
 * The framework's logger: pino. The app chooses the output once at start
 * (backend/app.ts passes backend/logger.ts's to `configureLogger`: JSON lines
 * in production, readable in development, silent in tests); until then a
 * plain JSON logger at `info`. Every line written inside a request carries its `requestId`.
 *
 * Customise by passing your own pino instance (redaction, transports, level).
 * Whatever the instance, errors are serialised without the values of failed
 * queries (serializeError.ts): its own `err` and `details` serialisers are
 * replaced, and its level is read once, here.
 */
import { type Logger, type LoggerOptions, pino } from 'pino';
import { currentRequest } from './requestScope';
import { serializeError, serializeLogValue } from './serializeError';

/** The serialisers no line goes without: `err` (an error) and `details` (a library's arguments, auth.ts). */
const SAFE_SERIALIZERS = { serializers: { err: serializeError, details: serializeLogValue } } satisfies LoggerOptions;

// On globalThis: Next.js loads this module once per bundle (routes, pages, instrumentation); one logger for all.
const cache = globalThis as typeof globalThis & { __appLogger?: Logger };

export function configureLogger(logger: Logger): void {
  cache.__appLogger = logger.child({}, SAFE_SERIALIZERS);
}

/** The configured logger, bound to the current request's id when there is one. */
export function logger(): Logger {
  cache.__appLogger ??= pino({ level: 'info', ...SAFE_SERIALIZERS });
  const requestId = currentRequest()?.requestId;
  return requestId ? cache.__appLogger.child({ requestId }) : cache.__appLogger;
}
