/**
 * Registers the OpenTelemetry SDK for this process, so the framework's spans
 * (one per dispatch, one per SQL statement) and Next.js's own (one per
 * request) are recorded and exported. instrumentation.node.ts calls it when the
 * standard `OTEL_*` variables ask for tracing (env.ts decides); otherwise the
 * SDK is never loaded and every span is a no-op.
 *
 * The exporter reads its own settings from the environment
 * (`OTEL_EXPORTER_OTLP_ENDPOINT`, `OTEL_EXPORTER_OTLP_HEADERS`, ...), the
 * resource reads `OTEL_SERVICE_NAME` and `OTEL_RESOURCE_ATTRIBUTES`, and the
 * sampler `OTEL_TRACES_SAMPLER`. Pending spans are flushed on shutdown.
 */
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { onShutdown } from '../lifecycle/shutdown';

export interface TracingOptions {
  /**
   * Where spans go: `otlp` (OTLP over HTTP, batched), `console` (stdout, for
   * a look in development) or an exporter of your own (tests pass an
   * InMemorySpanExporter; spans are then exported one by one).
   */
  exporter: 'otlp' | 'console' | SpanExporter;
  /** `service.name` when `OTEL_SERVICE_NAME` is unset. */
  serviceName: string;
}

export async function startTracing(options: TracingOptions): Promise<{ shutdown: () => Promise<void> }> {
  // Loaded only when tracing is on: a server without OTEL_* never pays for the SDK.
  const [{ NodeTracerProvider }, base, resources] = await Promise.all([
    import('@opentelemetry/sdk-trace-node'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/resources'),
  ]);
  const processor =
    options.exporter === 'otlp'
      ? new base.BatchSpanProcessor(new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter())
      : new base.SimpleSpanProcessor(
          options.exporter === 'console' ? new base.ConsoleSpanExporter() : options.exporter,
        );
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ 'service.name': options.serviceName }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new NodeTracerProvider({ resource, spanProcessors: [processor] });
  // Global tracer provider and an AsyncLocalStorage context manager, so a
  // span started in a request is the parent of the spans started under it.
  provider.register();
  onShutdown('tracing', () => provider.shutdown());
  return { shutdown: () => provider.shutdown() };
}
