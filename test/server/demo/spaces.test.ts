/**
 * The public demo's visitor spaces, through the demo server's console API against a real companion
 * and sandbox: each visitor lists and acts on their own orders and payouts only, however a
 * request is shaped.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolveOrder } from '../../../demo/catalogue.ts';
import { createDemo } from '../../../demo/server.ts';
import {
  OPS_TOKEN,
  PAYOUT,
  type RunningCompanion,
  sessionBody,
  startCompanion,
} from '../helpers/companion.ts';
import { startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';
import type { Entry } from '../helpers/audit.ts';

/** A browser of the demo: its cookie, and the space the cookie names. */
interface Visitor {
  space: string;
  call(path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
}

describe('visitor spaces in the public demo', () => {
  let sandbox: RunningSandbox;
  let companion: RunningCompanion;
  let server: Server;
  let origin = '';

  before(async () => {
    sandbox = await startSandbox();
    server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    // The demo's own catalogue: it reads the visitor's space off the head of each reference.
    companion = await startCompanion(sandbox.url, { allowedOrigins: [origin], resolveOrder });
    const demo = await createDemo({
      origins: [origin],
      companionUrl: companion.url,
      sandboxUrl: sandbox.url,
      operationsToken: OPS_TOKEN,
      spaces: {
        secret: 'a-secret-for-the-spaces-test-0123456789',
        secure: false,
        maxAgeMs: 60_000,
      },
    });
    server.on('request', demo);
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await companion.close();
    await sandbox.close();
  });

  async function visitor(): Promise<Visitor> {
    const page = await fetch(`${origin}/console`);
    const cookie = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
    const space = /demo_space=s%3A(v[0-9a-f]{10})\./.exec(cookie)?.[1] ?? '';
    assert.match(space, /^v[0-9a-f]{10}$/);
    return {
      space,
      async call(path, body) {
        const response = await fetch(`${origin}/console/api/${path}`, {
          method: body === undefined ? 'GET' : 'POST',
          headers: {
            cookie,
            origin,
            'content-type': 'application/json',
            'idempotency-key': crypto.randomUUID(),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        return {
          status: response.status,
          body: (await response.json()) as Record<string, unknown>,
        };
      },
    };
  }

  async function order(of: Visitor): Promise<string> {
    const ref = `${of.space}.mug.${randomUUID().slice(0, 8)}`;
    const created = await fetch(`${companion.url}/api/checkout-sessions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(sessionBody(ref)),
    });
    assert.equal(created.status, 201);
    return ref;
  }

  it("lists a visitor's own orders only, and refuses to act on another's", async () => {
    const [ada, bob] = [await visitor(), await visitor()];
    const [adas, bobs] = [await order(ada), await order(bob)];
    const listed = (await ada.call('orders')).body.orders as { order_ref: string }[];
    assert.deepEqual(
      listed.map((o) => o.order_ref),
      [adas],
    );
    assert.equal((await ada.call('cancel', { orders: [{ order_ref: bobs }] })).status, 404);
    assert.equal((await ada.call('capture', { order_ref: bobs })).status, 404);
  });

  it("shows a visitor their own orders' audit trail only, naming them as the actor", async () => {
    const [ada, bob] = [await visitor(), await visitor()];
    const [adas, bobs] = [await order(ada), await order(bob)];
    // Not paid yet: the companion refuses it, and the refusal is on record.
    assert.equal((await ada.call('cancel', { orders: [{ order_ref: adas }] })).status, 404);
    const trail = (await ada.call(`orders/${adas}/audit`)).body.entries as Entry[];
    assert.deepEqual(
      trail.map((e) => [e.operation, e.actor, e.outcome, e.targets]),
      [['cancel', `demo visitor ${ada.space}`, 'refused', [adas]]],
    );
    assert.equal((await ada.call(`orders/${bobs}/audit`)).status, 404);
  });

  it('searches refunds of their own payments only, however the payments are named', async () => {
    const [ada, bob] = [await visitor(), await visitor()];
    const [adas, bobs] = [await order(ada), await order(bob)];
    const mine = { order_no: `${adas}-1` };
    assert.equal((await ada.call('refund-search', mine)).status, 200);
    for (const body of [
      { order_no: `${adas}-1,${bobs}-1` },
      { order_no: [`${adas}-1`, `${bobs}-1`] },
      { order_no: `${adas}-1, ${bobs}-1` },
      { transaction_id: 'any' },
      { date_from: '20260101000000', date_to: '20261231235959' },
      {},
    ])
      assert.equal((await ada.call('refund-search', body)).status, 404, JSON.stringify(body));
  });

  it('lists their own payouts only, by the reference the companion filters on', async () => {
    const [ada, bob] = [await visitor(), await visitor()];
    assert.equal((await ada.call('payouts/new', PAYOUT)).status, 201);
    const adas = (await ada.call('payouts')).body.payouts as unknown[];
    const bobs = (await bob.call('payouts')).body.payouts as unknown[];
    assert.deepEqual([adas.length, bobs.length], [1, 0]);
    const stored = await companion.companion.context.store.payouts.recent(10, ada.space);
    assert.equal(stored.length, 1);
  });

  it('leaves reconciling every order to the demo itself', async () => {
    const ada = await visitor();
    const answer = await ada.call('reconcile', {});
    assert.equal(answer.status, 404);
    assert.match(String(answer.body.detail), /reconciles every order each minute/);
  });
});
