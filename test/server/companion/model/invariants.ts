/**
 * What must hold of the system after every command of the model-based test, after each
 * reconciliation, and once it is settled at the end of a run.
 */
import assert from 'node:assert/strict';
import { reconcileAll } from '../../../../server/companion/settlement/reconcile.ts';
import type { ModelSystem } from './system.ts';
import {
  ENDED_UNPAID,
  FINISHED,
  MONEY_HELD,
  UNDECIDED,
  WAITING_ON_SERVICE,
  type Model,
} from './knowledge.ts';

// The test's own words for the lifecycle (knowledge.ts), not the product's constants.
const isInterrupted = (state: string) => UNDECIDED.includes(state);

/** The service's orders (attempts) of an order reference. */
const atService = (system: ModelSystem, ref: string) =>
  system.sandbox.sandbox.engine.store.orders.where("order_no LIKE ? || '-%'", ref);

/** Whether the service still has a notification about `orderNo` to deliver (one dropped). */
const undelivered = (system: ModelSystem, orderNo: string) =>
  system.sandbox.sandbox.engine.store
    .notifications()
    .some((n) => n.state === 'pending' && JSON.parse(n.body).order_no === orderNo);

const attemptsOf = (system: ModelSystem, ref: string) =>
  system.companion.context.store.db.selectFrom('attempts').select(['order_no', 'state', 'created_at']).where('order_ref', '=', ref).execute(); // prettier-ignore

/**
 * Once an order's current attempt is settled (not being created or recovered, not given up for
 * a fresh one) and the service has told the companion everything (no notification left to
 * deliver), the store says what the service says of it.
 */
async function checkAgreement(system: ModelSystem, ref: string): Promise<void> {
  const { store } = system.companion.context;
  const order = await store.orders.get(ref);
  if (!order?.order_no) return;
  const attempt = await store.attempts.get(order.order_no);
  if (!attempt || isInterrupted(attempt.state) || undelivered(system, order.order_no)) return;
  // Replaced before anyone opened it: the service keeps it pending, nobody can pay it.
  if (attempt.state === 'abandoned') return;
  const current = atService(system, ref).find((o) => o.order_no === order.order_no);
  const what = `${ref}: the store says ${order.status} (attempt ${attempt.state}), the service ${current?.payment_status ?? 'nothing'}`; // prettier-ignore
  // Expired: the companion stopped asking about an attempt left unpaid past its lifetime.
  if (current && !(order.status === 'expired' && current.payment_status === 'pending'))
    assert.equal(order.status, current.payment_status, what);
  if (!current) assert.equal(order.status, 'failed', what);
}

/**
 * After every command: at most one live attempt per order (being created, waiting for the
 * shopper or paid, or being recovered), and it is the order's current one; nothing charged
 * twice at the service; and the store agrees with the service about every settled order.
 */
export async function checkInvariants(system: ModelSystem, model: Model): Promise<void> {
  const { store } = system.companion.context;
  for (const { ref } of model.orders) {
    const order = await store.orders.get(ref);
    const live = (await attemptsOf(system, ref)).filter((a) => !FINISHED.includes(a.state));
    assert.ok(live.length <= 1, `${ref}: one live attempt at most: ${JSON.stringify(live)}`);
    if (live[0])
      assert.equal(live[0].order_no, order?.order_no, `${ref}: the live attempt is current`);
    const paid = atService(system, ref).filter((o) => MONEY_HELD.includes(o.payment_status));
    assert.ok(paid.length <= 1, `${ref}: charged once: ${paid.map((o) => o.order_no).join(', ')}`);
    await checkAgreement(system, ref);
  }
}

/** The orders whose current attempt is past its lifetime now: the next reconciliation ends them. */
export async function pastLifetime(system: ModelSystem, model: Model): Promise<string[]> {
  const { store } = system.companion.context;
  const past: string[] = [];
  for (const { ref } of model.orders) {
    const order = await store.orders.get(ref);
    const attempt = order?.order_no ? await store.attempts.get(order.order_no) : undefined;
    if (attempt && Date.now() - attempt.created_at > system.attemptTtlMs) past.push(ref);
  }
  return past;
}

/**
 * After a reconciliation, each order that was past its lifetime before it is no longer waiting
 * on the service (`pending`, `unknown`) and has no attempt being created or recovered.
 */
export async function checkBound(system: ModelSystem, past: readonly string[]): Promise<void> {
  const { store } = system.companion.context;
  for (const ref of past) {
    const order = await store.orders.get(ref);
    const attempts = await attemptsOf(system, ref);
    const what = `${ref}: left ${order?.status} past its lifetime: ${JSON.stringify(attempts)}`;
    assert.ok(order && !WAITING_ON_SERVICE.includes(order.status), what);
    assert.ok(!attempts.some((a) => isInterrupted(a.state)), what);
  }
}

/**
 * The end of a run, once the clock moves: notifications delivered, the clock past the recovery
 * bound, everything reconciled; then the store agrees with the service, and every order the
 * service holds money for is paid at the companion (progress: a shopper who paid ends paid).
 * Past the attempt lifetime and one more reconciliation, every other order has ended unpaid or
 * has no attempt (settled within its bounds), and no attempt is left open.
 */
export async function checkSettled(system: ModelSystem, model: Model): Promise<void> {
  system.arm(undefined);
  await system.quiesce();
  await system.deliver();
  await system.age(system.recoverAfterMs + 1);
  await reconcileAll(system.companion.context, 0);
  const { store } = system.companion.context;
  for (const { ref } of model.orders) {
    await checkAgreement(system, ref);
    const order = await store.orders.get(ref);
    if (atService(system, ref).some((o) => MONEY_HELD.includes(o.payment_status)))
      assert.ok(MONEY_HELD.includes(order?.status ?? ''), `${ref}: paid at the service, ${order?.status} here`); // prettier-ignore
  }
  await system.age(system.attemptTtlMs + 1);
  const past = await pastLifetime(system, model);
  await reconcileAll(system.companion.context, 0);
  await checkBound(system, past);
  for (const { ref } of model.orders) {
    const status = (await store.orders.get(ref))?.status;
    const ends = [...MONEY_HELD, ...ENDED_UNPAID, 'expired', 'created', undefined];
    assert.ok(ends.includes(status), `${ref}: ${status} once the clock moved past every bound`);
  }
  const open = await store.db.selectFrom('attempts').select(['order_no', 'state']).where('state', 'in', ['creating', 'unknown'] as const).execute(); // prettier-ignore
  assert.deepEqual(open, [], 'no attempt left open');
}
