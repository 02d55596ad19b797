/**
 * Traces (issue 24, item 3): with a tracer provider registered, as a merchant's OpenTelemetry SDK
 * registers one, a payment's spans are collected in memory and checked as a tree: the widget's
 * request → the order priced (its traceparent sent to the merchant's ORDER_RESOLVER) → the store's
 * claim → the signed service call → the store's settlement; then the notification and a
 * reconciliation. The caller's W3C traceparent, and a traced app the companion is mounted in,
 * are the parents.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { context, propagation, trace } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  BasicTracerProvider,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type ReadableSpan,
} from '@opentelemetry/sdk-trace-base';
import express from 'express';
import { orderResolver } from '../../../server/companion/setup/order-resolver.ts';
import { SHOP, sessionBody, startStack, type Stack } from '../helpers/companion.ts';
import { until } from '../helpers/until.ts';

const exporter = new InMemorySpanExporter();
const provider = new BasicTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });

/** The merchant's backend, answering ORDER_RESOLVER's GETs and keeping each one's headers. */
async function merchantBackend(): Promise<{
  server: Server;
  url: string;
  seen: IncomingHttpHeaders[];
}> {
  const seen: IncomingHttpHeaders[] = [];
  const server = createServer((request, response) => {
    seen.push(request.headers);
    response.setHeader('content-type', 'application/json');
    response.end(JSON.stringify({ amount: '12.00', currency: 'USD', items: [{ name: 'Mug', unit_price: '12.00', quantity: 1 }] }));
  }); // prettier-ignore
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/orders`, seen };
}

const spans = () => exporter.getFinishedSpans();
const idOf = (span: ReadableSpan) => span.spanContext().spanId;
const childrenOf = (parent: ReadableSpan) =>
  spans()
    .filter((s) => s.parentSpanContext?.spanId === idOf(parent))
    .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
const named = (name: string) => spans().filter((s) => s.name === name);

/** Whether `names` occur in `list`, in that order (other spans may come between). */
function inOrder(list: string[], names: string[]): boolean {
  let at = 0;
  for (const name of list) if (name === names[at]) at++;
  return at === names.length;
}

describe('traces, with a tracer provider registered', () => {
  let stack: Stack;
  let backend: Awaited<ReturnType<typeof merchantBackend>>;

  before(async () => {
    context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
    propagation.setGlobalPropagator(new W3CTraceContextPropagator());
    trace.setGlobalTracerProvider(provider);
    backend = await merchantBackend();
    stack = await startStack({ companion: { resolveOrder: await orderResolver(backend.url) } });
  });
  after(async () => {
    await stack.close();
    backend.server.close();
    await provider.shutdown();
    trace.disable();
    context.disable();
    propagation.disable();
  });

  it("draws a session request as one tree under the caller's traceparent", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const caller = '00f067aa0ba902b7';
    const created = await stack.widget('/checkout-sessions', sessionBody('mug.t1'), {
      traceparent: `00-${traceId}-${caller}-01`,
    });
    assert.equal(created.status, 201);
    const [request] = named('POST /api/checkout-sessions').filter(
      (s) => s.spanContext().traceId === traceId,
    );
    assert.ok(
      request,
      spans()
        .map((s) => s.name)
        .join(', '),
    );
    assert.equal(request.parentSpanContext?.spanId, caller);
    assert.deepEqual(request.attributes['http.response.status_code'], 201);

    const steps = childrenOf(request).map((s) => s.name);
    assert.ok(
      inOrder(steps, ['order price', 'store attempts.openOrder', 'gateway checkout', 'store attempts.settleWithPage']),
      steps.join(' → '),
    ); // prettier-ignore
    const [price] = childrenOf(request).filter((s) => s.name === 'order price');
    // The merchant's backend was asked within the pricing span, and told so.
    const traceparent = String(backend.seen.at(-1)?.traceparent);
    assert.equal(traceparent, `00-${traceId}-${idOf(price!)}-01`);
    const [call] = childrenOf(request).filter((s) => s.name === 'gateway checkout');
    assert.equal(call?.attributes['acquiring.outcome'], 'ok');
    assert.equal(call?.attributes['acquiring.retries'], 0);
  });

  it('traces the notification and a reconciliation', async () => {
    const created = await stack.widget('/checkout-sessions', sessionBody('mug.t2'));
    await stack.payHosted(String(created.body.frame_url));
    await stack.waitForStatus('mug.t2', 'authorised');
    // The status reads authorised once the apply has committed; its span ends a moment later.
    const notified = await until(
      () =>
        named('POST /api/notifications').find((s) =>
          childrenOf(s).some((c) => c.name === 'notification apply'),
        ),
      (span) => span !== undefined,
      { what: 'a notification span with its apply span ended' },
    );
    const [applied] = childrenOf(notified!).filter((c) => c.name === 'notification apply');
    assert.ok(childrenOf(applied!).some((c) => c.name === 'store orders.applySequenced'));

    await stack.widget('/checkout-sessions', sessionBody('mug.t3'));
    await stack.companion.companion.reconcile();
    const [run] = named('reconcile').slice(-1);
    const order = childrenOf(run!).find((c) => c.attributes['acquiring.order_ref'] === 'mug.t3');
    assert.ok(
      order,
      childrenOf(run!)
        .map((s) => s.name)
        .join(', '),
    );
    assert.ok(
      inOrder(
        childrenOf(order).map((s) => s.name),
        ['gateway query', 'store attempts.get'],
      ),
    );
  });

  it("is a child of the app's own span when mounted in a traced app", async () => {
    const app = express();
    app.use((_request, _response, next) => {
      const span = trace.getTracer('merchant-app').startSpan('merchant request');
      context.with(trace.setSpan(context.active(), span), next);
      _response.once('close', () => span.end());
    });
    app.use('/payments', stack.companion.companion.router);
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/payments`;
    const answer = await fetch(`${url}/api/order-summaries/mug.t4`, { headers: { origin: SHOP } });
    assert.equal(answer.status, 200);
    server.close();
    const [outer] = named('merchant request').slice(-1);
    assert.deepEqual(
      childrenOf(outer!).map((s) => s.name),
      ['GET /api/order-summaries/:order_ref'],
    );
  });
});
