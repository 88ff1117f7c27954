/**
 * What a log line may say about an error. Every logger the framework writes
 * through serialises `err` (and `details`, the free-form values a library
 * hands over) with these (logger.ts installs them): pino's own error
 * serialiser (type, message and stack with those of each cause, the error's
 * own properties), minus what must never reach a log:
 *
 * - The values bound to a failed query. drizzle's `DrizzleQueryError` says
 *   `Failed query: <sql>\nparams: <values>` in its message, so in its stack
 *   and in the message of every error it causes, and keeps them as `params`:
 *   a session token, a reset token, a password hash. The SQL stays (its values
 *   are `$1` placeholders); the values become `[redacted]`. PostgreSQL's own
 *   echo of a value goes the same way: the detail of a constraint violation
 *   (`Key (email)=(…) already exists`) and the quoted input of a data
 *   exception (`invalid input syntax for type integer: "…"`).
 * - What an error points at beyond itself: pg-pool hangs the connection
 *   (`client`, with its secret key) on an error, the AWS SDK its response.
 *   Properties keep primitives, arrays and plain objects; any other object is
 *   named (`"[Client]"`), not dumped.
 *
 * A message you pass to the logger yourself is written as it is: log an error
 * under `err` with a message of your own, not `logger().error(error)` (pino
 * would take the error's raw message as the line's).
 */
import { stdSerializers } from 'pino';

export const REDACTED = '[redacted]';

/** Where drizzle and postgres.js keep a statement's values. */
const QUERY_VALUE_KEYS = new Set(['params', 'parameters']);
/** SQLSTATE class 22, data exception: PostgreSQL quotes the value it could not take. */
const DATA_EXCEPTION = /^22[0-9A-Z]{3}$/;
/** Causes, nested properties: deep enough for any real error, bounded for a circular one. */
const MAX_DEPTH = 8;

type ErrorLike = { message: string } & Record<string, unknown>;

/** pino's test: anything with a string `message` is serialised as an error. */
function isErrorLike(value: unknown): value is ErrorLike {
  return typeof value === 'object' && value !== null && typeof (value as ErrorLike).message === 'string';
}

/**
 * Text that may hold a drizzle failure outside its error (formatted into another message, printed to
 * the console): the values after `params:` go, to the end of their line.
 */
export function redactQueryValues(text: string): string {
  return text.replace(/(Failed query: [\s\S]*?\nparams: )(?!\[redacted\])[^\n]*/g, `$1${REDACTED}`);
}

/** The error's message without the values it quotes. */
function safeMessage(error: ErrorLike): string {
  const { message } = error;
  if (message.startsWith('Failed query: ')) {
    // drizzle: `Failed query: ${query}\nparams: ${params}`; the query it names tells where the values start.
    const head = typeof error.query === 'string' ? `Failed query: ${error.query}` : undefined;
    const at = head && message.startsWith(`${head}\nparams: `) ? head.length : message.indexOf('\nparams: ');
    if (at >= 0) return `${message.slice(0, at)}\nparams: ${REDACTED}`;
  }
  if (typeof error.code === 'string' && DATA_EXCEPTION.test(error.code)) {
    return message.replace(/"[\s\S]*"/, `"${REDACTED}"`);
  }
  return message;
}

/** PostgreSQL's detail repeats the row's values: `Key (email)=(a@b.c) already exists.`, `Failing row contains (…).` */
function safeDetail(detail: string): string {
  return detail
    .replace(/\)=\([\s\S]*\)/, `)=(${REDACTED})`)
    .replace(/(Failing row contains )\([\s\S]*\)/, `$1(${REDACTED})`);
}

/** The error, its causes and the errors it aggregates, each once. */
function errorsWithin(error: ErrorLike): ErrorLike[] {
  const found: ErrorLike[] = [];
  const visit = (value: unknown, depth: number): void => {
    if (!isErrorLike(value) || found.includes(value) || depth > MAX_DEPTH) return;
    found.push(value);
    visit(value.cause, depth + 1);
    if (Array.isArray(value.errors)) for (const inner of value.errors) visit(inner, depth + 1);
  };
  visit(error, 0);
  return found;
}

/**
 * Removes the values quoted by `error` and its causes from a text built of their messages (pino's
 * message and stack, which concatenate the causes'; a wrapper's message that quotes its cause's).
 */
function redactorFor(error: ErrorLike): (text: string) => string {
  const replacements = errorsWithin(error)
    .map((inner) => [inner.message, safeMessage(inner)] as const)
    .filter(([message, safe]) => message !== safe)
    // A longer message may contain a shorter one: replace it whole first.
    .sort(([a], [b]) => b.length - a.length);
  return (text) =>
    redactQueryValues(replacements.reduce((result, [message, safe]) => result.split(message).join(safe), text));
}

/** A value a log line can hold: primitives, arrays and plain objects; errors serialised; other objects named. */
function plainData(value: unknown, redact: (text: string) => string, depth: number): unknown {
  if (typeof value === 'string') return redact(value);
  if (typeof value !== 'object' || value === null) return value;
  if (depth > MAX_DEPTH) return '[…]';
  if (value instanceof Error) return serialize(value as unknown as ErrorLike, depth + 1);
  if (value instanceof Date) return value;
  if (Array.isArray(value)) return value.map((inner) => plainData(inner, redact, depth + 1));
  const prototype = Object.getPrototypeOf(value);
  if (prototype !== Object.prototype && prototype !== null) {
    return `[${(value as { constructor?: { name?: string } }).constructor?.name || 'object'}]`;
  }
  const result: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    result[key] = QUERY_VALUE_KEYS.has(key) && Array.isArray(inner) ? REDACTED : plainData(inner, redact, depth + 1);
  }
  return result;
}

function serialize(error: ErrorLike, depth: number): Record<string, unknown> {
  const redact = redactorFor(error);
  const safe: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(stdSerializers.err(error as unknown as Error))) {
    if (key === 'type') safe[key] = value;
    else if (key === 'message' || key === 'stack') safe[key] = typeof value === 'string' ? redact(value) : value;
    else if (key === 'detail' && typeof value === 'string') safe[key] = safeDetail(value);
    else if (QUERY_VALUE_KEYS.has(key) && Array.isArray(value)) safe[key] = REDACTED;
    else if (key === 'aggregateErrors' && Array.isArray(error.errors)) {
      safe[key] = depth > MAX_DEPTH ? '[…]' : error.errors.map((inner) => serializeNested(inner, depth + 1));
    }
    // From the error itself: pino serialised nested errors with its own serialiser.
    else safe[key] = plainData(error[key], redact, depth + 1);
  }
  return safe;
}

function serializeNested(value: unknown, depth: number): unknown {
  return isErrorLike(value) ? serialize(value, depth) : value;
}

/** pino's `err` serialiser, without query values or the objects an error points at. */
export function serializeError(error: unknown): unknown {
  return serializeNested(error, 0);
}

/** Any value for a log line (a library's arguments, under `details`): errors serialised, query values dropped. */
export function serializeLogValue(value: unknown): unknown {
  return plainData(value, redactQueryValues, 0);
}
