/**
 * A call to the service, observed: inside a client span (`gateway <operation>`, when the process
 * traces), then timed and told to the client's `onCall` (the companion's metrics).
 */
import { inSpan, SpanKind } from '../tracing.ts';
import type { GatewayCall } from './client-types.ts';
import { GatewayError } from './errors.ts';
import type { OperationName } from './operations.ts';

/** Runs `exchange`, then tells `onCall` how long it took, how it ended, after how many retries. */
export function observed<T>(
  operation: OperationName,
  onCall: ((call: GatewayCall) => void) | undefined,
  exchange: (onRetry: () => void) => Promise<T>,
): Promise<T> {
  const options = { kind: SpanKind.CLIENT, attributes: { 'acquiring.operation': operation } };
  return inSpan(`gateway ${operation}`, options, async (span) => {
    const started = performance.now();
    let retries = 0;
    const report = (outcome: GatewayCall['outcome']) => {
      span?.setAttributes({ 'acquiring.outcome': outcome, 'acquiring.retries': retries });
      onCall?.({ operation, seconds: (performance.now() - started) / 1000, outcome, retries });
    };
    try {
      const result = await exchange(() => retries++);
      report('ok');
      return result;
    } catch (error) {
      report(error instanceof GatewayError ? error.code : 'error');
      throw error;
    }
  });
}
