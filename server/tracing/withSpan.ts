/**
 * Spans through the OpenTelemetry API. The API is a no-op until an SDK is
 * registered (`startTracing()`, called by instrumentation.node.ts when `OTEL_*`
 * asks for it), so with tracing off these cost a function call.
 */
import { type Attributes, type Span, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/** The instrumentation scope of the framework's spans. */
export const TRACER_NAME = 'active-controller';

export function tracer() {
  return trace.getTracer(TRACER_NAME);
}

export interface SpanOptions {
  kind?: SpanKind;
  /**
   * What a thrown error says on the span: its `error.type`, and whether it
   * fails the span (by default every error does, typed by its code or class).
   * A 404 is the caller's mistake, not a failure of ours.
   */
  describeError?: (error: unknown) => { type: string; failed: boolean };
}

/**
 * Runs `fn` inside an active span (children started in it, SQL spans
 * included, attach to it) and ends the span when `fn` settles. A thrown error
 * names its type on the span (`error.type`), fails it when `failed` says so,
 * and is rethrown.
 */
export function withSpan<T>(
  name: string,
  attributes: Attributes,
  fn: (span: Span) => Promise<T>,
  options: SpanOptions = {},
): Promise<T> {
  return tracer().startActiveSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes }, async (span) => {
    try {
      return await fn(span);
    } catch (error) {
      const { type, failed } = (options.describeError ?? describeError)(error);
      if (span.isRecording()) span.setAttribute('error.type', type);
      if (failed) markFailed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** A failure typed by the first code in the cause chain (a SQLSTATE under drizzle's error), else the class name. */
function describeError(error: unknown): { type: string; failed: boolean } {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string') return { type: code, failed: true };
    current = (current as { cause?: unknown }).cause;
  }
  return { type: error instanceof Error ? error.name : typeof error, failed: true };
}

/** Records `error` on `span` and sets its status to ERROR. */
export function markFailed(span: Span, error: unknown): void {
  if (!span.isRecording()) return;
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : undefined });
}
