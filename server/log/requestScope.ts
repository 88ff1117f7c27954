/**
 * What is known about the request being served, wherever the code runs
 * (error serialiser, tRPC's error formatter, logs, SQL hooks), without
 * passing it through every call: an AsyncLocalStorage entered by
 * `createApiHandler` for each request.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export interface RequestInfo {
  /** From a valid incoming `X-Request-Id` (a proxy's), else generated; echoed in the response. */
  requestId: string;
  /** Set once the context is built, for the request log line (`userIdOf` option). */
  userId?: string | number;
}

const storage = new AsyncLocalStorage<RequestInfo>();

/** Short, printable ids only: a header is not a place to inject log lines. */
const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export function requestIdFrom(request: Request): string {
  const given = request.headers.get('x-request-id');
  return given && VALID_ID.test(given) ? given : randomUUID();
}

export function runWithRequest<T>(info: RequestInfo, fn: () => T): T {
  return storage.run(info, fn);
}

/** The request being served, or undefined outside one (scripts, jobs, start-up). */
export function currentRequest(): RequestInfo | undefined {
  return storage.getStore();
}
