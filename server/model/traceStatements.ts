/**
 * A child span per SQL statement. postgres.js has no OpenTelemetry
 * instrumentation package, and drizzle's own spans are not wired to the API,
 * so the model layer wraps the driver: every statement drizzle sends goes
 * through `sql.unsafe()`, on the pool or on a transaction's connection (which
 * `begin()` / `savepoint()` hand to their callback), and each becomes a CLIENT
 * span with the statement text (placeholders, never the parameter values).
 *
 * Only statements inside a recording span are traced (a request's dispatch
 * span, a job's span): with tracing off, or in a script outside any span, the
 * driver is called as it is.
 */
import { SpanKind, trace } from '@opentelemetry/api';
import type postgres from 'postgres';
import { markFailed, tracer } from '../tracing/withSpan';

type Sql = postgres.Sql;
type Callback = (sql: Sql) => unknown;

/** `sql`, with a span around each statement drizzle sends through it. */
export function traceStatements<T extends Sql>(sql: T): T {
  // Built once per handle, not on every property read (drizzle reads `unsafe` for each statement).
  const unsafe = tracedUnsafe(sql);
  return new Proxy(sql, {
    get(target, property, receiver) {
      if (property === 'unsafe') return unsafe;
      const value: unknown = Reflect.get(target, property, receiver);
      // A transaction's statements run on the connection handed to the callback.
      if ((property === 'begin' || property === 'savepoint') && typeof value === 'function') {
        return (...args: unknown[]) => {
          const callback = args.at(-1) as Callback;
          return value.apply(target, [...args.slice(0, -1), (inner: Sql) => callback(traceStatements(inner))]);
        };
      }
      return value;
    },
  });
}

function tracedUnsafe(sql: Sql): Sql['unsafe'] {
  return ((text: string, params?: never[], options?: postgres.UnsafeQueryOptions) => {
    if (!trace.getActiveSpan()?.isRecording()) return sql.unsafe(text, params, options);
    const operation = text.trimStart().split(/\s/, 1)[0]?.toUpperCase() || 'SQL';
    const span = tracer().startSpan(operation, {
      kind: SpanKind.CLIENT,
      attributes: { 'db.system.name': 'postgresql', 'db.operation.name': operation, 'db.query.text': text },
    });
    const query = sql.unsafe(text, params, options);
    // Observing the result starts the query a microtask early; drizzle's
    // synchronous `.values()` right after this call still applies.
    query.then(
      () => span.end(),
      (error: unknown) => {
        markFailed(span, error);
        span.end();
      },
    );
    return query;
  }) as Sql['unsafe'];
}
