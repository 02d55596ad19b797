/**
 * The shopper's commands of the model-based test: a request that starts a payment (of any kind),
 * and a payment page opened, then paid, declined or only looked at. Each predicts its answer
 * (knowledge.ts) before it is sent and asserts it, and records what the answer teaches.
 */
import assert from 'node:assert/strict';
import { sessionBody } from '../../helpers/companion.ts';
import {
  count,
  expectPage,
  expectStart,
  MONEY_HELD,
  serviceFacts,
  type KnownAttempt,
  type KnownOrder,
  type KnownPage,
  type Kind,
  type Model,
  type Outcome,
  UNDECIDED,
} from './knowledge.ts';
import { Step } from './step.ts';
import type { Answer, ModelSystem } from './system.ts';

const GOOD_CARD = '4111111111111111';
const DECLINED_CARD = '4000000000000002';
const card = (number: string) => ({ number, expiry_month: '12', expiry_year: '2030', security_code: '123' }); // prettier-ignore

/** Each kind's route and what its body adds to the session's. */
const ROUTES: Record<Kind, string> = {
  checkout: '/api/checkout-sessions',
  card: '/api/card-payments',
  apm: '/api/apm-payments',
  saved_card: '/api/saved-card-payments',
};

/** While an order's attempt is being created or recovered, a request about it answers this soon. */
const DURING_RECOVERY_MS = 1_000;

/** The class of a payment request's answer, read from its status and title. */
function classOf(answer: Answer): Outcome | 'other' {
  if (answer.status === 201) return 'new'; // new or reused: told apart by its order_no
  if (answer.status === 503 && answer.body.retryable === true && typeof answer.body.retry_after === 'number') return 'retry'; // prettier-ignore
  if (answer.status !== 409) return 'other';
  if (answer.body.title === 'Order already paid') return 'paid';
  return answer.body.title === 'Another payment is in progress' ? 'busy' : 'other';
}

/** A request to pay an order: a checkout session, a card, a payment method or a saved card. */
export class Start extends Step {
  constructor(
    readonly kind: Kind,
    readonly ref: number,
    readonly key: number,
    readonly email: number,
    readonly decline = false,
  ) {
    super();
  }
  toString = () =>
    `${this.kind}(ref ${this.ref}${this.kind === 'checkout' ? `, key ${this.key}, email ${this.email}` : ''}${this.decline && this.kind === 'card' ? ', declined' : ''})`; // prettier-ignore

  #body(model: Model, ref: string) {
    const base = sessionBody(ref);
    const body = {
      ...base,
      attempt_key: `${base.attempt_key}-${this.key}`,
      shopper: { ...base.shopper, email: `shopper${this.email}@example.com` },
    };
    if (this.kind === 'card') return { ...body, card: card(this.decline ? DECLINED_CARD : GOOD_CARD) }; // prettier-ignore
    if (this.kind === 'apm') return { ...body, payment_method: 'PAYPAL' };
    return this.kind === 'saved_card' ? { ...body, card_id: model.savedCard } : body;
  }

  async act(model: Model, system: ModelSystem) {
    const order = model.orders[this.ref] as KnownOrder;
    const facts = serviceFacts(system, order.ref);
    const expected = expectStart(order, this.kind, this.email, facts);
    // The bound holds while the order's attempt is being created or recovered (the request waits
    // on that work at most so long); a request that goes on to the service has no such bound.
    const latest = await system.companion.context.store.attempts.latest(order.ref);
    const within = latest && UNDECIDED.includes(latest.state) ? DURING_RECOVERY_MS : undefined;
    const headers: Record<string, string> = this.kind === 'saved_card' ? { cookie: system.shopperCookie } : {}; // prettier-ignore
    const answer = await system.call(ROUTES[this.kind], this.#body(model, order.ref), headers, within); // prettier-ignore
    count(model, this.kind, answer.status === 201);
    if (answer.status === 0) return void (order.unsure = true); // it crashed on the way
    const what = `${this} expected ${expected.join(' or ')}: ${answer.status} ${JSON.stringify(answer.body)}`; // prettier-ignore
    let got = classOf(answer);
    if (got === 'new' && answer.body.order_no === order.current?.orderNo) got = 'reuse';
    assert.ok(got !== 'other' && expected.includes(got), what);
    if (got === 'new' && order.attempts.some((a) => a.orderNo === answer.body.order_no))
      assert.fail(`${what}: a new attempt under an old number`);
    if (got === 'new' || got === 'reuse') this.#learn(order, answer);
  }

  /** What a 201 teaches: the order's current attempt, its page, and whether it ended at once. */
  #learn(order: KnownOrder, answer: Answer) {
    order.unsure = false;
    const orderNo = String(answer.body.order_no);
    let attempt = order.attempts.find((a) => a.orderNo === orderNo);
    if (!attempt) {
      // A new attempt: whatever came before it is over (one live attempt at most).
      for (const earlier of order.attempts) earlier.over = true;
      attempt = { orderNo, kind: this.kind, form: this.email, opened: false, over: false, pastLifetime: false }; // prettier-ignore
      order.attempts.push(attempt);
    }
    order.current = attempt;
    const status = String(answer.body.status);
    if (['declined', 'failed'].includes(status)) attempt.over = true;
    if (typeof answer.body.frame_url === 'string')
      order.pages.push({ url: answer.body.frame_url, attempt, used: false, form: answer.body.page_form as KnownPage['form'] }); // prettier-ignore
    if (this.kind !== 'checkout' && this.kind !== 'apm')
      assert.ok([...MONEY_HELD, 'declined', 'failed', 'pending'].includes(status), `${this}: ${status}`); // prettier-ignore
  }
}

/**
 * Loads one of the order's page addresses and checks its answer against the prediction (served,
 * or 410): answers the form's hosted session token when served.
 */
export async function loadPage(
  model: Model,
  system: ModelSystem,
  order: KnownOrder,
  page: KnownPage,
  step: string,
): Promise<string | undefined> {
  const expected = expectPage(order, page, serviceFacts(system, order.ref));
  const served = await fetch(page.url).then(
    async (r) => ({ status: r.status, html: await r.text() }),
    () => ({ status: 0, html: '' }),
  );
  count(model, 'page', served.status === 200);
  page.used = true;
  if (served.status === 0) return void (order.unsure = true);
  const token = /name="session_token" value="([^"]+)"/.exec(served.html)?.[1];
  const what = `${step}: expected ${expected}, got ${served.status}${token ? ' with a form' : ''}`;
  if (expected === 'served') assert.ok(served.status === 200 && token, what);
  if (expected === 'gone') assert.equal(served.status, 410, what);
  assert.ok([200, 410].includes(served.status), what);
  return served.status === 200 ? token : undefined;
}

/**
 * The widget's page frame posts the page's form (the session's `page_form`) to the service, as it
 * does out of sight before Pay: the companion is not asked, so nothing of it is predicted (the
 * service's page is the service's). Answers the form's hosted session token when it was served.
 */
export async function postPage(model: Model, page: KnownPage): Promise<string | undefined> {
  const form = page.form;
  if (!form) return undefined;
  const body = new URLSearchParams(form.fields);
  const status = await fetch(form.action, { method: 'POST', body }).then((r) => r.status, () => 0); // prettier-ignore
  count(model, 'posted', status === 200);
  return status === 200 ? form.fields.session_token : undefined;
}

/** The shopper opens one of the order's payment pages, then pays, is declined, or only looks. */
export class OpenPage extends Step {
  constructor(
    readonly ref: number,
    readonly which: 'latest' | 'older',
    readonly then: 'pay' | 'decline' | 'look',
  ) {
    super();
  }
  toString = () => `open(ref ${this.ref}, ${this.which} page, ${this.then})`;

  async act(model: Model, system: ModelSystem) {
    const order = model.orders[this.ref] as KnownOrder;
    const pages = order.pages;
    const page = this.which === 'latest' ? pages.at(-1) : pages.at(-2);
    if (!page) return;
    const token = await loadPage(model, system, order, page, String(this));
    if (!token) return;
    page.attempt.opened = true;
    if (this.then !== 'look') await payOn(system, token, page.attempt, this.then === 'decline', String(this)); // prettier-ignore
  }
}

/**
 * Pays (or is declined) on an open hosted page (its session token) for `attempt`; `what` names the
 * command in a failure.
 */
export async function payOn(
  system: ModelSystem,
  token: string,
  attempt: KnownAttempt,
  decline: boolean,
  what: string,
) {
  const before = system.statusAtService(attempt.orderNo);
  const number = decline ? DECLINED_CARD : GOOD_CARD;
  const form = new URLSearchParams({ card: number, expiry: '12/30', security_code: '123', name: 'Ada' }); // prettier-ignore
  const paid = await fetch(`${system.sandbox.url}/hosted/${token}/pay`, { method: 'POST', body: form, redirect: 'manual' }); // prettier-ignore
  assert.ok(paid.status < 500, `${what}: the sandbox answered ${paid.status}`);
  // Progress: a shopper who pays on a live page that is still waiting for them has paid.
  if (before === 'pending' && !decline)
    assert.ok(MONEY_HELD.includes(system.statusAtService(attempt.orderNo) ?? ''), `${what}: paid`);
}
