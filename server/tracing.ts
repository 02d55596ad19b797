/**
 * Traces through the OpenTelemetry API alone, as a library should: spans go to whichever tracer
 * provider the process registered (the merchant's own SDK when the companion is mounted in their
 * app, or the one `companion/observability/tracing-setup.ts` starts for OTEL_EXPORTER_OTLP_ENDPOINT). With none
 * registered, `inSpan` runs its function and nothing else: no span object, no context switch.
 */
import {
  context,
  ProxyTracerProvider,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Context,
  type Span,
} from '@opentelemetry/api';

const TRACER_NAME = 'acquiring-checkout-server';
/** The API's no-op provider: what the global provider delegates to until one is registered. */
const NOOP_PROVIDER = new ProxyTracerProvider().getDelegate();

export { SpanKind };

/** Whether a tracer provider is registered in this process: otherwise tracing costs nothing. */
export function tracingOn(): boolean {
  const global = trace.getTracerProvider();
  return !(global instanceof ProxyTracerProvider) || global.getDelegate() !== NOOP_PROVIDER;
}

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: Attributes;
  /** The parent; by default the active span (the request's, under a context manager). */
  parent?: Context;
}

/**
 * Runs `fn` inside a span named `name`, active for what `fn` awaits: ended when `fn` settles,
 * with an error status and the exception recorded when it throws. Without tracing, runs `fn`.
 */
export function inSpan<T>(
  name: string,
  options: SpanOptions,
  fn: (span: Span | undefined) => Promise<T>,
): Promise<T> {
  if (!tracingOn()) return fn(undefined);
  const { parent = context.active(), ...spanOptions } = options;
  const span = trace.getTracer(TRACER_NAME).startSpan(name, spanOptions, parent);
  return context.with(trace.setSpan(parent, span), async () => {
    try {
      return await fn(span);
    } catch (error) {
      failed(span, error);
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Marks `span` failed by `error`. */
export function failed(span: Span, error: unknown): void {
  span.recordException(error instanceof Error ? error : String(error));
  span.setStatus({
    code: SpanStatusCode.ERROR,
    message: error instanceof Error ? error.message : String(error),
  });
}

/** Starts a span that the caller ends (a request's, ended when its answer is sent). */
export function startSpan(name: string, options: SpanOptions): Span {
  const { parent = context.active(), ...spanOptions } = options;
  return trace.getTracer(TRACER_NAME).startSpan(name, spanOptions, parent);
}
