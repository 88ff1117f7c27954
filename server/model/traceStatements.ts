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
import { interceptUnsafe, type Sql } from './interceptUnsafe';

/** `sql`, with a span around each statement drizzle sends through it. */
export function traceStatements<T extends Sql>(sql: T): T {
  return interceptUnsafe(sql, tracedUnsafe);
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
