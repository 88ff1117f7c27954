/**
 * Where the server's log lines go (the framework logs one line per API
 * request and every 5xx with its cause): JSON lines on stdout in production,
 * for your log platform to index; readable, coloured lines in development;
 * nothing under tests unless LOG_LEVEL says otherwise.
 *
 * Customise here: redaction (`redact`), extra fields (`base`), the level.
 * Errors are logged without the values of failed queries whatever you set
 * (server/log/serializeError.ts).
 */

import type { Logger } from 'pino';
import { pino } from 'pino';
import pretty from 'pino-pretty';
import { env } from '@/env';
import { routeConsoleToLogger } from '@/server/log';

/** The app's logger (the composition root, backend/app.ts, hands it to the framework). */
export function appLogger(): Logger {
  const level = env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info');
  return env.NODE_ENV === 'production'
    ? pino({ level })
    : // A synchronous stream in this thread: pino's transports start worker threads that bundlers lose.
      pino({ level }, pretty({ colorize: true, sync: true, ignore: 'pid,hostname' }));
}

/**
 * Production: Node's process warnings (deprecations, notices from packages)
 * become JSON lines too, instead of plain text on stderr between them. Node
 * prints them through its own 'warning' listener, which is replaced here;
 * this may run once per server bundle, so the listeners are replaced, never
 * added to.
 */
export function logProcessWarnings(log: Logger): void {
  if (env.NODE_ENV !== 'production') return;
  process.removeAllListeners('warning');
  process.on('warning', (warning) =>
    log.warn({ warning: { name: warning.name, code: (warning as NodeJS.ErrnoException).code } }, warning.message),
  );
}

/**
 * Production: what packages print with console.* becomes JSON lines too, at the level of the method:
 * Next's `⨯` line for an error thrown while rendering a page, better-call's `# SERVER_ERROR:` for one
 * in better-auth's router, a library's notice. Their errors go through the logger's serialiser, which
 * drops the values of a failed query. instrumentation.node.ts calls it once the logger is configured;
 * Next prints its start-up banner before that, as plain text. Development keeps the console as it is.
 */
export function logConsoleOutput(): void {
  if (env.NODE_ENV !== 'production') return;
  routeConsoleToLogger();
}
