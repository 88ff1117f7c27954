/**
 * The framework's logger: pino. The app chooses the output once at start
 * (backend/app.ts passes backend/logger.ts's to `configureLogger`: JSON lines
 * in production, readable in development, silent in tests); until then a
 * plain JSON logger at `info`. Every line written inside a request carries its `requestId`.
 *
 * Customise by passing your own pino instance (redaction, transports, level).
 */
import { type Logger, pino } from 'pino';
import { currentRequest } from './requestScope';

// On globalThis: Next.js loads this module once per bundle (routes, pages, instrumentation); one logger for all.
const cache = globalThis as typeof globalThis & { __appLogger?: Logger };

export function configureLogger(logger: Logger): void {
  cache.__appLogger = logger;
}

/** The configured logger, bound to the current request's id when there is one. */
export function logger(): Logger {
  cache.__appLogger ??= pino({ level: 'info' });
  const requestId = currentRequest()?.requestId;
  return requestId ? cache.__appLogger.child({ requestId }) : cache.__appLogger;
}
