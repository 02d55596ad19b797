/**
 * A merchant's resolveOrder given in code (or as a module) is checked as the http one is: an order
 * the companion cannot use is refused before anything reaches the service, and the log says which
 * order and why.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import pino from 'pino';
import type { ResolvedOrder } from 'acquiring-checkout-server/companion';
import { sessionBody, SHOP, startCompanion, type RunningCompanion } from '../helpers/companion.ts';
import { startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

const MUG = { name: 'Mug', unit_price: '12.00', quantity: 1 };
const ORDERS: Record<string, unknown> = {
  'ok.1': { amount: '12.00', currency: 'USD', items: [MUG] },
  'lower.1': { amount: '12.00', currency: 'usd', items: [MUG] },
  'number.1': { amount: 12, currency: 'USD', items: [MUG] },
  'half.1': { amount: '12.00', currency: 'USD', items: [{ ...MUG, quantity: 0.5 }] },
  'unknown-currency.1': { amount: '12.00', currency: 'XYZ', items: [MUG] },
  'zero.1': { amount: '0.00', currency: 'USD', items: [{ ...MUG, unit_price: '0.00' }] },
  'zero-yen.1': { amount: '0', currency: 'JPY', items: [] },
  'clf.1': { amount: '1.0001', currency: 'CLF', items: [] },
};

describe('an in-code resolveOrder that answers an order the companion cannot use', () => {
  let sandbox: RunningSandbox;
  let running: RunningCompanion;
  const lines: { msg: string; order_ref?: string; problems?: string[] }[] = [];
  before(async () => {
    sandbox = await startSandbox();
    const sink = new Writable({
      write: (chunk, _encoding, done) => (lines.push(JSON.parse(String(chunk))), done()),
    });
    running = await startCompanion(sandbox.url, {
      resolveOrder: (ref: string) => ORDERS[ref] as ResolvedOrder | undefined,
      logger: pino({ level: 'error' }, sink),
    });
  });
  after(async () => {
    await running.close();
    await sandbox.close();
  });

  const start = (ref: string) =>
    fetch(`${running.url}/api/checkout-sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SHOP },
      body: JSON.stringify(sessionBody(ref)),
    });

  it('pays a good one, in a currency of four decimals too', async () => {
    assert.equal((await start('ok.1')).status, 201);
    assert.equal((await start('clf.1')).status, 201);
  });

  for (const [ref, field] of [
    ['lower.1', 'currency'],
    ['number.1', 'amount'],
    ['half.1', 'items.0.quantity'],
    ['unknown-currency.1', 'amount'],
    ['zero.1', 'amount'],
    ['zero-yen.1', 'amount'],
  ] as const) {
    it(`refuses ${ref} with 502 (the shop's side failed), not retryable, and logs the order and the field`, async () => {
      const answer = await start(ref);
      assert.equal(answer.status, 502);
      const body = (await answer.json()) as { detail: string; retryable?: boolean };
      assert.equal(body.detail, 'the shop could not price this order');
      assert.notEqual(body.retryable, true);
      const logged = lines.find((l) => l.order_ref === ref);
      assert.ok(
        logged?.problems?.some((p) => p.startsWith(`${field}: `)),
        JSON.stringify(logged),
      );
    });
  }
});
