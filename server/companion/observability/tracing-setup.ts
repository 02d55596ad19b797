/**
 * OTLP export turned on by the standard variables: with OTEL_EXPORTER_OTLP_ENDPOINT (or
 * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) set and no tracer provider registered yet, the companion
 * registers one that batches its spans to that collector over OTLP/HTTP, with an
 * AsyncLocalStorage context manager (so a span is the parent of what its request awaits) and the
 * W3C trace-context propagator. The exporter reads the other OTEL_EXPORTER_OTLP_* variables
 * (headers, timeout) itself; OTEL_SERVICE_NAME names the service (default
 * acquiring-checkout-companion). A merchant whose app registered its own SDK keeps it: the
 * companion's spans go there. Nothing is loaded when tracing is off.
 */
import { tracingOn } from '../../tracing.ts';

/**
 * The SDK, installed by merchants who export traces this way (optional peer dependencies: 17 MB
 * of files that a companion without tracing, or one in an app with its own SDK, never loads).
 */
const SDK_PACKAGES = [
  '@opentelemetry/sdk-trace-base@2',
  '@opentelemetry/exporter-trace-otlp-http@0.223',
  '@opentelemetry/context-async-hooks@2',
  '@opentelemetry/core@2',
  '@opentelemetry/resources@2',
];

/** What `startTracing` started: flushes and stops it (the companion's `close`). */
export interface StartedTracing {
  close(): Promise<void>;
}

/** Starts OTLP export when the environment asks for it and nothing else traces this process. */
export async function startTracing(
  env: NodeJS.ProcessEnv = process.env,
): Promise<StartedTracing | undefined> {
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true' || tracingOn()) return undefined;
  const [api, { AsyncLocalStorageContextManager }, core, resources, sdk, otlp] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/core'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace-base'),
    import('@opentelemetry/exporter-trace-otlp-http'),
  ]).catch((error: unknown) => {
    throw new Error(
      `invalid companion configuration:\n  OTEL_EXPORTER_OTLP_ENDPOINT: set, but the OpenTelemetry SDK is not installed: npm install ${SDK_PACKAGES.join(' ')}`,
      { cause: error },
    );
  });
  const provider = new sdk.BasicTracerProvider({
    resource: resources.resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME || 'acquiring-checkout-companion',
    }),
    spanProcessors: [new sdk.BatchSpanProcessor(new otlp.OTLPTraceExporter())],
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  return {
    close: async () => {
      await provider.shutdown();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
    },
  };
}
