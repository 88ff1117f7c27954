/**
 * console.* as log lines: what packages print (Next's `⨯` line for an error
 * thrown while rendering a page, better-call's `# SERVER_ERROR:` for one in
 * better-auth's router) becomes a line of the configured logger, at the level
 * of the method, with the first error among the arguments as `err`. The error
 * goes through the same serialiser as every other (serializeError.ts), so the
 * values of a failed query stay out of the line, its message included.
 *
 * backend/logger.ts calls it in production (instrumentation.node.ts, once the
 * logger is configured), where every line is JSON.
 */
import { formatWithOptions, stripVTControlCharacters } from 'node:util';
import type { Level } from 'pino';
import { logger } from './logger';
import { redactQueryValues, serializeError } from './serializeError';

const LEVEL_OF_METHOD = {
  debug: 'debug',
  info: 'info',
  log: 'info',
  warn: 'warn',
  error: 'error',
} as const satisfies Record<string, Level>;

/** An error argument, as the message shows it: `Name: message` (its stack and properties are under `err`). */
function shown(argument: unknown): unknown {
  if (!(argument instanceof Error)) return argument;
  const { message } = serializeError(argument) as { message?: unknown };
  return `${argument.name}: ${String(message)}`;
}

export function routeConsoleToLogger(): void {
  for (const [method, level] of Object.entries(LEVEL_OF_METHOD) as [keyof typeof LEVEL_OF_METHOD, Level][]) {
    console[method] = (...args: unknown[]) => {
      const err = args.find((argument) => argument instanceof Error);
      const text = formatWithOptions({ colors: false }, ...args.map(shown));
      logger()[level](err ? { err } : {}, redactQueryValues(stripVTControlCharacters(text)).trim());
    };
  }
}
