/**
 * What the model-based test does to the system, as fast-check commands: session requests (same
 * and new attempt keys, changed forms), payments and declines at the page, pages prepared before
 * Pay (left unshown, or shown, then paid or declined on later), notifications lost,
 * delivered late and replayed, reconciliation, crashes at durable steps, and clock jumps past
 * `recoverAfterMs` and `attemptTtlMs`. Each command checks its own answer; the invariants over the
 * whole system are checked after every command (invariants.ts).
 */
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { sessionBody } from '../../helpers/companion.ts';
import { isInterrupted } from '../../../../server/companion/attempt-machine/transitions.ts';
import type { DurableStep } from '../../../../server/companion/core/steps.ts';
import type { ModelSystem } from './system.ts';
import { checkBound, checkInvariants, pastLifetime } from './invariants.ts';

/** What the test remembers between commands: the orders of this run and their latest pages. */
export interface Model {
  refs: readonly string[];
  /** The frame URL of each order's latest session answer. */
  pages: Map<string, string>;
  /** The hosted page's session token of each order's page prepared before Pay and shown since. */
  shown: Map<string, string>;
}

type Command = fc.AsyncCommand<Model, ModelSystem>;

/** A session request's answers: a session, refused (paid, busy), or "try again" with a delay. */
const SESSION_ANSWERS = [201, 409, 503];

/** While an order's attempt is being created or recovered, a request about it answers this soon. */
const DURING_RECOVERY_MS = 1_000;

/** Whether the order's latest attempt is being created or recovered (its outcome not known). */
async function recovering(system: ModelSystem, ref: string): Promise<boolean> {
  const latest = await system.companion.context.store.attempts.latest(ref);
  return latest !== undefined && isInterrupted(latest.state);
}

abstract class Step implements Command {
  abstract toString(): string;
  abstract act(model: Model, system: ModelSystem): Promise<void>;
  check(): boolean {
    return true;
  }
  async run(model: Model, system: ModelSystem): Promise<void> {
    await this.act(model, system);
    // A crash in the command: the companion is started again before anything else happens.
    await system.quiesce();
    await checkInvariants(system, model.refs);
  }
}

class Session extends Step {
  constructor(
    readonly ref: number,
    readonly key: number,
    readonly email: number,
  ) {
    super();
  }
  toString = () => `session(ref ${this.ref}, key ${this.key}, email ${this.email})`;
  async act(model: Model, system: ModelSystem) {
    const ref = model.refs[this.ref] as string;
    const base = sessionBody(ref);
    const within = (await recovering(system, ref)) ? DURING_RECOVERY_MS : undefined;
    const body = {
      ...base,
      attempt_key: `${base.attempt_key}-${this.key}`,
      shopper: { ...base.shopper, email: `shopper${this.email}@example.com` },
    };
    const answer = await system.call('/api/checkout-sessions', body, {}, within);
    if (answer.status === 0) return; // it crashed on the way: no answer is owed
    assert.ok(SESSION_ANSWERS.includes(answer.status), `${this}: ${JSON.stringify(answer)}`);
    if (answer.status === 503) {
      assert.equal(answer.body.retryable, true, `${this}: retryable`);
      assert.equal(typeof answer.body.retry_after, 'number', `${this}: says when to try again`);
    }
    if (typeof answer.body.frame_url === 'string') model.pages.set(ref, answer.body.frame_url);
  }
}

class Pay extends Step {
  constructor(
    readonly ref: number,
    readonly decline: boolean,
  ) {
    super();
  }
  toString = () => `pay(ref ${this.ref}${this.decline ? ', declined' : ''})`;
  async act(model: Model, system: ModelSystem) {
    const frame = model.pages.get(model.refs[this.ref] as string);
    if (!frame) return;
    const page = await fetch(frame).then(
      (r) => r.text(),
      () => '',
    );
    const token = /name="session_token" value="([^"]+)"/.exec(page)?.[1];
    if (!token) return; // a page already used, replaced or expired: nothing to pay on
    const card = this.decline ? '4000000000000002' : '4111111111111111';
    const form = new URLSearchParams({ card, expiry: '12/30', security_code: '123', name: 'Ada' });
    const paid = await fetch(`${system.sandbox.url}/hosted/${token}/pay`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    assert.ok(paid.status < 500, `${this}: the sandbox answered ${paid.status}`);
  }
}

/** Pays or declines on an open hosted page (its session token). */
async function payOn(system: ModelSystem, token: string, decline: boolean, what: string) {
  const card = decline ? '4000000000000002' : '4111111111111111';
  const form = new URLSearchParams({ card, expiry: '12/30', security_code: '123', name: 'Ada' });
  const paid = await fetch(`${system.sandbox.url}/hosted/${token}/pay`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  assert.ok(paid.status < 500, `${what}: the sandbox answered ${paid.status}`);
}

/**
 * A page prepared before Pay (`?prepared=1`, loaded out of sight): left unshown, or shown at Pay
 * (`pageOpened`, refused once its attempt was replaced or expired), to be paid on later
 * (`PayShown`): other commands may come between, as a shopper's other tab would.
 */
class Prepared extends Step {
  constructor(
    readonly ref: number,
    readonly show: boolean,
  ) {
    super();
  }
  toString = () => `prepared(ref ${this.ref}, ${this.show ? 'shown' : 'left'})`;
  async act(model: Model, _system: ModelSystem) {
    const ref = model.refs[this.ref] as string;
    const frame = model.pages.get(ref);
    if (!frame) return;
    const page = await fetch(`${frame}?prepared=1`).then(
      (r) => r.text(),
      () => '',
    );
    const token = /name="session_token" value="([^"]+)"/.exec(page)?.[1];
    if (!token || !this.show) return;
    const opened = await fetch(frame.replace(/\/pay\/([^/]+)$/, '/api/pages/$1/opened'), {
      method: 'POST',
    }).catch(() => undefined);
    // Refused (replaced or expired meanwhile): the widget asks for a fresh page instead.
    if (opened?.ok) model.shown.set(ref, token);
  }
}

/** Pays (or declines) on the page prepared before Pay and shown. */
class PayShown extends Step {
  constructor(
    readonly ref: number,
    readonly decline: boolean,
  ) {
    super();
  }
  toString = () => `pay shown(ref ${this.ref}${this.decline ? ', declined' : ''})`;
  async act(model: Model, system: ModelSystem) {
    const token = model.shown.get(model.refs[this.ref] as string);
    if (token) await payOn(system, token, this.decline, String(this));
  }
}

class Reconcile extends Step {
  static #keys = 0;
  toString = () => 'reconcile';
  async act(model: Model, system: ModelSystem) {
    const past = await pastLifetime(system, model.refs);
    const answer = await system.call('/api/ops/reconcile', {}, {
      authorization: `Bearer ${system.opsToken}`,
      'idempotency-key': `reconcile-${process.pid}-${++Reconcile.#keys}`,
    }); // prettier-ignore
    if (answer.status === 0) return;
    assert.equal(answer.status, 200, `reconcile: ${JSON.stringify(answer)}`);
    // No order is left waiting on the service past its lifetime once reconciliation has run.
    await checkBound(system, past);
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
  async act(_model: Model, system: ModelSystem) {
    await system.age(
      this.past === 'recoverAfterMs' ? system.recoverAfterMs + 1 : system.attemptTtlMs + 1,
    );
  }
}

const ref = fc.integer({ min: 0, max: 1 });
const session = fc.tuple(ref, fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 1 })).map(([r, k, e]) => new Session(r, k, e)); // prettier-ignore
const pay = fc.tuple(ref, fc.integer({ min: 0, max: 2 })).map(([r, d]) => new Pay(r, d === 0));
const prepared = fc.tuple(ref, fc.boolean()).map(([r, show]) => new Prepared(r, show));
const payShown = fc.tuple(ref, fc.integer({ min: 0, max: 2 })).map(([r, d]) => new PayShown(r, d === 0)); // prettier-ignore

/**
 * The commands, weighted towards what shoppers do (fast-check picks each entry alike): session
 * requests three times as often as the rest, payments at the page twice, a third of them declined.
 */
export const COMMANDS = [
  session, session, session, pay, pay, prepared, payShown,
  fc.constant(new Reconcile()),
  fc.oneof(fc.constant('drop' as const), fc.constant('deliver' as const), fc.nat(9).map((replay) => ({ replay }))).map((w) => new Notifications(w)),
  fc.constantFrom<DurableStep>('session.claimed', 'session.answered', 'notification.stored', 'notification.acknowledged', 'operation.begun').map((s) => new Crash(s)),
  fc.constantFrom('recoverAfterMs' as const, 'attemptTtlMs' as const).map((p) => new ClockJump(p)),
]; // prettier-ignore
