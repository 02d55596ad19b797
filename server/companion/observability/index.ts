/**
 * What the companion tells its operators: the Prometheus metrics and the payment labels they
 * count under, the readiness checks (/healthz, /readyz), the log's redaction, and the
 * OpenTelemetry setup from OTEL_* variables. May import store, attempt-machine and config.
 */
export { createHealth, type Health, within } from './health.ts';
export { defaultLogger } from './log.ts';
export { createMetrics, gatewayObserver, type Metrics } from './metrics.ts';
export { paymentLabels, type PaymentLabels } from './payment-labels.ts';
export { startTracing } from './tracing-setup.ts';
