/**
 * What must hold of the system after every command of the model-based test, and once it is
 * settled at the end of a run.
 */
import assert from 'node:assert/strict';
import { reconcileAll } from '../../../../server/companion/reconcile.ts';
import type { ModelSystem } from './system.ts';

const PAID = ['authorised', 'captured', 'partially_refunded', 'refunded', 'review'];

/** The service's orders (attempts) of an order reference. */
const atService = (system: ModelSystem, ref: string) =>
  system.sandbox.sandbox.engine.store.orders.where("order_no LIKE ? || '-%'", ref);

/**
 * After every command: at most one attempt per order whose outcome is open (`creating` or
 * `unknown`), and it is the order's current one; nothing charged twice at the service.
 */
export async function checkInvariants(system: ModelSystem, refs: readonly string[]): Promise<void> {
  const { store } = system.companion.context;
  for (const ref of refs) {
    const order = await store.orders.get(ref);
    const open = (
      await store.db.selectFrom('attempts').select(['order_no', 'state']).where('order_ref', '=', ref).execute()
    ).filter((a) => a.state === 'creating' || a.state === 'unknown'); // prettier-ignore
    assert.ok(open.length <= 1, `${ref}: one open attempt at most: ${JSON.stringify(open)}`);
    if (open[0])
      assert.equal(open[0].order_no, order?.order_no, `${ref}: the open attempt is current`);
    const paid = atService(system, ref).filter((o) => PAID.includes(o.payment_status));
    assert.ok(paid.length <= 1, `${ref}: charged once: ${paid.map((o) => o.order_no).join(', ')}`);
  }
}

/**
 * The end of a run: notifications delivered, the clock past the recovery bound, everything
 * reconciled. Then the store agrees with the service about every order's current attempt; and
 * past the attempt lifetime, no order is left pending or unknown, and no attempt open.
 */
export async function checkSettled(system: ModelSystem, refs: readonly string[]): Promise<void> {
  system.arm(undefined);
  await system.quiesce();
  await system.deliver();
  await system.age(system.recoverAfterMs + 1);
  await reconcileAll(system.companion.context, 0);
  const { store } = system.companion.context;
  for (const ref of refs) {
    const order = await store.orders.get(ref);
    if (!order?.order_no) continue;
    // Replaced before anyone opened it: the service keeps it pending, nobody can pay it.
    if ((await store.attempts.get(order.order_no))?.state === 'abandoned') continue;
    const current = atService(system, ref).find((o) => o.order_no === order.order_no);
    // Expired: the companion stopped asking about an attempt left unpaid past its lifetime.
    const agrees = (status: string) => order.status === status || (order.status === 'expired' && status === 'pending');
    if (current) assert.ok(agrees(current.payment_status), `${ref}: the store says ${order.status}, the service ${current.payment_status}`);
    else assert.ok(['failed', 'created'].includes(order.status), `${ref}: never reached the service, yet ${order.status}`);
  } // prettier-ignore
  await system.age(6 * 3_600_000 + 1);
  await reconcileAll(system.companion.context, 0);
  for (const ref of refs) {
    const order = await store.orders.get(ref);
    const attempts = await store.db.selectFrom('attempts').select(['order_no', 'state', 'created_at']).where('order_ref', '=', ref).execute(); // prettier-ignore
    assert.ok(
      !['pending', 'unknown'].includes(order?.status ?? ''),
      `${ref}: left ${order?.status}: ${JSON.stringify({ order, attempts })}`,
    );
  }
  const open = await store.db.selectFrom('attempts').select(['order_no', 'state']).where('state', 'in', ['creating', 'unknown']).execute(); // prettier-ignore
  assert.deepEqual(open, [], 'no attempt left open');
}
