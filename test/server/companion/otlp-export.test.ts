/**
 * OTEL_EXPORTER_OTLP_ENDPOINT, the standard variable, turns on OTLP export in the companion bin:
 * its spans reach a collector (here a small OTLP/HTTP receiver keeping what it is sent) by the
 * time it has stopped on SIGTERM.
 */
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from 'acquiring-checkout-server/sandbox';
import { companionBinEnv, freePort, killStarted, run, writeEnv } from '../helpers/bins.ts';
import { SHOP } from '../helpers/companion.ts';

/** Span names and service names from OTLP/JSON export requests. */
interface Received {
  services: string[];
  spans: string[];
}

async function collector(): Promise<{ server: Server; url: string; received: Received }> {
  const received: Received = { services: [], spans: [] };
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => (text += chunk.toString()));
    request.on('end', () => {
      const body = JSON.parse(text) as {
        resourceSpans: {
          resource: { attributes: { key: string; value: { stringValue?: string } }[] };
          scopeSpans: { spans: { name: string }[] }[];
        }[];
      };
      for (const resource of body.resourceSpans) {
        const service = resource.resource.attributes.find((a) => a.key === 'service.name');
        received.services.push(service?.value.stringValue ?? '');
        for (const scope of resource.scopeSpans)
          received.spans.push(...scope.spans.map((span) => span.name));
      }
      response.setHeader('content-type', 'application/json');
      response.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, received };
}

describe('OTLP export from the companion bin', () => {
  let service: RunningSandbox;
  let dir: string;
  before(async () => (service = await startSandbox()));
  after(() => service.close());
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'otlp-test-'));
    writeFileSync(
      join(dir, 'resolve-order.mjs'),
      "export const resolveOrder = () => ({ amount: '5.00', currency: 'USD', items: [{ name: 'Pin', unit_price: '5.00', quantity: 1 }] });\n",
    );
  });
  afterEach(() => {
    killStarted();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the bin with `extra`, asks it for an order summary, stops it; what the collector got. */
  async function oneRequest(extra: Record<string, string>, received: Received) {
    const port = await freePort();
    writeEnv(dir, { ...companionBinEnv(service, port, './resolve-order.mjs'), ...extra });
    const companion = run('companion', dir);
    await companion.line(/"msg":"companion listening"/, 60_000);
    const answer = await fetch(`http://127.0.0.1:${port}/api/order-summaries/pin.1`, {
      headers: { origin: SHOP },
    });
    assert.equal(answer.status, 200);
    companion.child.kill('SIGTERM');
    assert.equal(await companion.exit(), 0);
    return received;
  }

  it('sends the spans to OTEL_EXPORTER_OTLP_ENDPOINT, named by OTEL_SERVICE_NAME', async () => {
    const { server, url, received } = await collector();
    try {
      await oneRequest(
        { OTEL_EXPORTER_OTLP_ENDPOINT: url, OTEL_SERVICE_NAME: 'shop-payments' },
        received,
      );
      assert.ok(
        received.spans.includes('GET /api/order-summaries/:order_ref'),
        received.spans.join(),
      );
      assert.ok(received.spans.includes('order price'));
      assert.deepEqual([...new Set(received.services)], ['shop-payments']);
    } finally {
      server.close();
    }
  });
});
