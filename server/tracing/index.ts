export { startTracing, type TracingOptions } from './startTracing';
export { markFailed, TRACER_NAME, tracer, withSpan } from './withSpan';
