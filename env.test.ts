/** When tracing is on: only when the standard OTEL_* variables ask for it. */
import { describe, expect, it } from 'vitest';
import { env, tracesExporter } from './env';

const base = { ...env, OTEL_SDK_DISABLED: false, OTEL_TRACES_EXPORTER: undefined };
const endpoint = 'http://collector:4318';

describe('tracesExporter', () => {
  it('is off without OTEL_* (the default)', () => {
    expect(tracesExporter({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: undefined })).toBeUndefined();
  });

  it('exports over OTLP once an endpoint is set, for all signals or for traces', () => {
    expect(tracesExporter({ ...base, OTEL_EXPORTER_OTLP_ENDPOINT: endpoint })).toBe('otlp');
    expect(tracesExporter({ ...base, OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: `${endpoint}/v1/traces` })).toBe('otlp');
  });

  it('follows OTEL_TRACES_EXPORTER, and OTEL_SDK_DISABLED wins over everything', () => {
    expect(tracesExporter({ ...base, OTEL_TRACES_EXPORTER: 'console' })).toBe('console');
    expect(
      tracesExporter({ ...base, OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: endpoint }),
    ).toBeUndefined();
    expect(tracesExporter({ ...base, OTEL_SDK_DISABLED: true, OTEL_TRACES_EXPORTER: 'otlp' })).toBeUndefined();
  });
});
