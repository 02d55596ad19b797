/**
 * What the model-based test does to the system, as fast-check commands: payments of every kind
 * (checkout sessions with the same or other fields, direct card payments, a payment method's,
 * the signed-in shopper's saved card), payment pages opened (the latest or an older one) and paid
 * or declined there, pages prepared before Pay (loaded out of sight, shown at Pay, then paid or
 * declined on, other commands between; prepared.ts), notifications lost, delivered late and replayed, reconciliation, crashes at
 * durable steps and clock jumps past `recoverAfterMs` and `attemptTtlMs`. Each command predicts
 * its answer from what the test knows (knowledge.ts) and fails on any other; the invariants over
 * the whole system are checked after every command (invariants.ts).
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { DurableStep } from '../../../../server/companion/core/steps.ts';
import type { ModelSystem } from './system.ts';
import { checkBound, pastLifetime } from './invariants.ts';
import { count, type Model } from './knowledge.ts';
import { OpenPage, Start } from './payments.ts';
import { PayShown, Prepared } from './prepared.ts';
import { Step } from './step.ts';

class Reconcile extends Step {
  static #keys = 0;
  toString = () => 'reconcile';
  async act(model: Model, system: ModelSystem) {
    const past = await pastLifetime(system, model);
    const answer = await system.call('/api/ops/reconcile', {}, {
      authorization: `Bearer ${system.opsToken}`,
      'idempotency-key': `reconcile-${process.pid}-${++Reconcile.#keys}`,
    }); // prettier-ignore
    count(model, 'reconcile', answer.status === 200);
    if (answer.status === 0) {
      for (const order of model.orders) order.unsure = true;
      return;
    }
    assert.equal(answer.status, 200, `reconcile: ${JSON.stringify(answer)}`);
    // No order is left waiting on the service past its lifetime once reconciliation has run.
    await checkBound(system, past);
    // An attempt past its lifetime that holds no money is over now (expired, or ended before).
    for (const order of model.orders)
      for (const attempt of order.attempts)
        if (attempt.pastLifetime && !system.holdsMoney(attempt.orderNo)) attempt.over = true;
  }
}

class Notifications extends Step {
  constructor(readonly what: 'drop' | 'deliver' | { replay: number }) {
    super();
  }
  toString = () => `notifications(${JSON.stringify(this.what)})`;
  async act(_model: Model, system: ModelSystem) {
    if (this.what === 'drop') system.dropNext();
    else if (this.what === 'deliver') await system.deliver();
    else await system.replay(this.what.replay);
  }
}

class Crash extends Step {
  constructor(readonly step: DurableStep) {
    super();
  }
  toString = () => `crash at ${this.step}`;
  async act(_model: Model, system: ModelSystem) {
    system.arm(this.step);
  }
}

class ClockJump extends Step {
  constructor(readonly past: 'recoverAfterMs' | 'attemptTtlMs') {
    super();
  }
  toString = () => `clock past ${this.past}`;
  async act(model: Model, system: ModelSystem) {
    const lifetime = this.past === 'attemptTtlMs';
    await system.age(lifetime ? system.attemptTtlMs + 1 : system.recoverAfterMs + 1);
    if (lifetime)
      for (const order of model.orders)
        for (const attempt of order.attempts) attempt.pastLifetime = true;
  }
}

const ref = fc.integer({ min: 0, max: 1 });
const checkout = fc.tuple(ref, fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 1 })).map(([r, k, e]) => new Start('checkout', r, k, e)); // prettier-ignore
const other = fc.tuple(fc.constantFrom('card' as const, 'apm' as const, 'saved_card' as const), ref, fc.boolean()).map(([kind, r, decline]) => new Start(kind, r, 0, 0, decline)); // prettier-ignore
const which = fc.constantFrom('latest' as const, 'older' as const);
const prepared = fc.tuple(ref, which, fc.constantFrom('leave' as const, 'show' as const, 'change' as const)).map(([r, w, then]) => new Prepared(r, w, then)); // prettier-ignore
const payShown = fc.tuple(ref, fc.integer({ min: 0, max: 2 })).map(([r, d]) => new PayShown(r, d === 0)); // prettier-ignore
const open = fc.tuple(ref, fc.constantFrom('latest' as const, 'older' as const), fc.constantFrom('pay' as const, 'decline' as const, 'look' as const)).map(([r, which, then]) => new OpenPage(r, which, then)); // prettier-ignore

/**
 * The commands, weighted towards what shoppers do (fast-check picks each entry alike): checkout
 * sessions three times as often as the rest; pages opened, pages prepared before Pay, Pay pressed
 * on them (a third of those payments declined) and another way to pay twice each. Page loads cost
 * little, so the run's time stays about the CI budget's.
 */
export const COMMANDS = [
  checkout, checkout, checkout, open, open, prepared, prepared, payShown, payShown, other, other,
  fc.constant(new Reconcile()),
  fc.oneof(fc.constant('drop' as const), fc.constant('deliver' as const), fc.nat(9).map((replay) => ({ replay }))).map((w) => new Notifications(w)),
  fc.constantFrom<DurableStep>('session.claimed', 'session.answered', 'notification.stored', 'notification.acknowledged', 'operation.begun').map((s) => new Crash(s)),
  fc.constantFrom('recoverAfterMs' as const, 'attemptTtlMs' as const).map((p) => new ClockJump(p)),
]; // prettier-ignore
