/**
 * The model-based test's commands for pages prepared before Pay: a payment page loaded out of
 * sight (posted from the session's `page_form` by the widget's page frame), which leaves its
 * attempt unopened so a changed form may still replace it, and shown at Pay (`POST /api/pages/:token/opened`: 204, or 410 once its attempt was
 * replaced, expired, ended or paid), then paid or declined on. Other commands may come between the
 * load, the show and the payment, as they do while a shopper fills in the form. Each predicts its
 * answer (knowledge.ts) and fails on any other.
 */
import assert from 'node:assert/strict';
import { SHOP } from '../../helpers/companion.ts';
import {
  count,
  expectOpened,
  serviceFacts,
  type KnownOrder,
  type KnownPage,
  type Model,
} from './knowledge.ts';
import { payOn, postPage, Start } from './payments.ts';
import { Step } from './step.ts';
import type { ModelSystem } from './system.ts';

/**
 * A page prepared before Pay: one of the order's page addresses loaded out of sight, then left
 * (to be shown by a later Pay, or never), shown at once, or shown after the shopper changed the
 * form (the other e-mail: the unopened attempt is replaced, so showing its page is refused).
 */
export class Prepared extends Step {
  constructor(
    readonly ref: number,
    readonly which: 'latest' | 'older',
    readonly then: 'leave' | 'show' | 'change',
  ) {
    super();
  }
  toString = () => `prepared(ref ${this.ref}, ${this.which} page, ${this.then})`;

  async act(model: Model, system: ModelSystem) {
    const order = model.orders[this.ref] as KnownOrder;
    const page = this.which === 'latest' ? order.pages.at(-1) : order.pages.at(-2);
    if (!page) return;
    const token = await postPage(model, page);
    if (!token) return;
    // Loaded out of sight: its attempt stays unopened (a changed form still replaces it).
    page.hosted = token;
    if (this.then === 'leave') return;
    // The form changed before Pay: the widget asks for a session again, its answer predicted.
    if (this.then === 'change')
      await new Start('checkout', this.ref, 0, page.attempt.form === 0 ? 1 : 0).act(model, system);
    await show(model, system, order, page, String(this));
  }
}

/**
 * The shopper presses Pay on the order's latest page prepared before Pay: the widget shows it
 * (`opened`, unless shown already), then the shopper pays or is declined on it.
 */
export class PayShown extends Step {
  constructor(
    readonly ref: number,
    readonly decline: boolean,
  ) {
    super();
  }
  toString = () => `pay shown(ref ${this.ref}${this.decline ? ', declined' : ''})`;

  async act(model: Model, system: ModelSystem) {
    const order = model.orders[this.ref] as KnownOrder;
    const page = order.pages.findLast((p) => p.hosted !== undefined);
    if (!page?.hosted) return;
    // Refused (replaced or expired meanwhile): the widget asks for a fresh page instead.
    if (!page.shown && !(await show(model, system, order, page, String(this)))) return;
    await payOn(system, page.hosted, page.attempt, this.decline, String(this));
  }
}

/** The widget shows a prepared page (`POST /api/pages/:token/opened`); whether it was opened. */
async function show(
  model: Model,
  system: ModelSystem,
  order: KnownOrder,
  page: KnownPage,
  command: string,
): Promise<boolean> {
  const expected = expectOpened(order, page, serviceFacts(system, order.ref));
  const token = page.url.split('/pay/')[1] ?? '';
  const status = await fetch(`${system.url}/api/pages/${token}/opened`, {
    method: 'POST',
    headers: { origin: SHOP },
  }).then(
    (r) => r.status,
    () => 0,
  );
  count(model, 'opened', status === 204);
  if (status === 0) {
    order.unsure = true;
    return false;
  }
  const what = `${command}: opening it expected ${expected}, got ${status}`;
  if (expected === 'served') assert.equal(status, 204, what);
  if (expected === 'gone') assert.equal(status, 410, what);
  assert.ok([204, 410].includes(status), what);
  if (status !== 204) return false;
  // Shown: its attempt is opened, never replaced from now on.
  page.shown = true;
  page.attempt.opened = true;
  return true;
}
