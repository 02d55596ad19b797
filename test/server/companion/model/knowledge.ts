/**
 * What the model-based test knows of each order, kept by the test alone, and what it expects of
 * the companion from it: the answer class of every payment request (a new attempt, the live one
 * again, refused as paid or busy, or "try again"), and whether a payment page is served or gone.
 * The statuses and states it reasons with are written here, from the lifecycle's rules in words
 * (docs/site/companion/lifecycle.md), not imported from the product: a wrong definition there
 * must not weaken the check meant to catch it.
 *
 * Where the test cannot know what the companion holds (a crash cut a request short, the service
 * has news the companion has not been told yet), it allows each answer the companion may then
 * give; everywhere else it expects exactly one.
 */
import type { ModelSystem } from './system.ts';

export { ENDED_UNPAID, FINISHED, MONEY_HELD, UNDECIDED, WAITING_ON_SERVICE } from './words.ts';
import { ENDED_UNPAID, MONEY_HELD } from './words.ts';

/** How the shopper pays. A saved card is a card payment to the lifecycle. */
export type Kind = 'checkout' | 'card' | 'apm' | 'saved_card';
const modeOf = (kind: Kind) => (kind === 'saved_card' ? 'card' : kind);

/** An attempt the companion answered for (its order_no), as the test knows it. */
export interface KnownAttempt {
  orderNo: string;
  kind: Kind;
  /** Which shopper e-mail a checkout was asked with (other fields: another checkout). */
  form: number;
  /** Its page was served once. */
  opened: boolean;
  /** Replaced, expired, or declined: over for good. */
  over: boolean;
  /** Older than the attempt lifetime (the clock moved past it): the next reconciliation ends it. */
  pastLifetime: boolean;
}

export interface KnownPage {
  url: string;
  attempt: KnownAttempt;
  /** Served once already: a one-time address. */
  used: boolean;
  /** The service's form that opens the page, as the session answered it (`page_form`). */
  form?: { action: string; fields: Record<string, string> };
  /** Loaded prepared before Pay (out of sight): the hosted page's session token, to pay on once shown. */
  hosted?: string;
  /** Shown at Pay (`POST /api/pages/:token/opened` answered 204): the shopper may pay on it. */
  shown?: boolean;
}

export interface KnownOrder {
  ref: string;
  attempts: KnownAttempt[];
  /** The latest attempt the companion answered for. */
  current: KnownAttempt | undefined;
  pages: KnownPage[];
  /** A crash cut a request about it short: what the companion holds is not known until it answers. */
  unsure: boolean;
}

export interface Model {
  orders: KnownOrder[];
  /** The signed-in shopper's saved card (system.ts saves it once). */
  savedCard: string;
  /** Per command kind, how many were sent and how many were answered 2xx: the run's depth. */
  depth: Map<string, { sent: number; ok: number }>;
}

export const newModel = (refs: readonly string[], savedCard: string): Model => ({
  orders: refs.map((ref) => ({ ref, attempts: [], current: undefined, pages: [], unsure: false })),
  savedCard,
  depth: new Map(),
});

/** What the service (the sandbox, a party of its own) says of an order's attempts. */
export interface ServiceFacts {
  /** Some attempt of the order holds the shopper's money. */
  moneyHeld: boolean;
  /** The service has a notification about the order it has not delivered: the companion may lag. */
  unsaid: boolean;
  /** The service's status of each attempt it has. */
  statusOf(orderNo: string): string | undefined;
}

export function serviceFacts(system: ModelSystem, ref: string): ServiceFacts {
  const { engine } = system.sandbox.sandbox;
  const orders = engine.store.orders.where("order_no LIKE ? || '-%'", ref);
  const ours = new Set(orders.map((o) => o.order_no));
  return {
    moneyHeld: orders.some((o) => MONEY_HELD.includes(o.payment_status)),
    unsaid: engine.store
      .notifications()
      .some((n) => n.state === 'pending' && ours.has(JSON.parse(n.body).order_no)),
    statusOf: (orderNo) => orders.find((o) => o.order_no === orderNo)?.payment_status,
  };
}

/** The answer classes of a request that starts a payment. */
export type Outcome = 'new' | 'reuse' | 'paid' | 'busy' | 'retry';
const ANY: Outcome[] = ['new', 'reuse', 'paid', 'busy', 'retry'];

/** Whether the companion has an attempt live for the shopper, as far as the test can tell. */
function liveness(order: KnownOrder, facts: ServiceFacts): 'live' | 'over' | 'either' {
  const attempt = order.current;
  if (!attempt || attempt.over) return 'over';
  const ended = ENDED_UNPAID.includes(facts.statusOf(attempt.orderNo) ?? '');
  if (!ended) return 'live';
  // Ended at the service (declined at its page): over once the companion is told.
  return facts.unsaid ? 'either' : 'over';
}

/**
 * The answers a request to pay `order` by `kind` (with checkout form `form`) may get. An order
 * paid is refused; a live attempt of the same way to pay is answered again (a checkout only if it
 * was opened or asked with the same fields); an unopened checkout gives way to anything else; any
 * other live attempt makes the order busy; with none live, a new attempt starts.
 */
export function expectStart(
  order: KnownOrder,
  kind: Kind,
  form: number,
  facts: ServiceFacts,
): Outcome[] {
  if (order.unsure) return ANY;
  if (facts.moneyHeld) return facts.unsaid ? ['paid', 'reuse', 'busy', 'new'] : ['paid'];
  const live = liveness(order, facts);
  if (live === 'over') return ['new'];
  const attempt = order.current as KnownAttempt;
  let expected: Outcome;
  if (modeOf(attempt.kind) === modeOf(kind) && (kind !== 'checkout' || attempt.opened || attempt.form === form))
    expected = 'reuse';
  else expected = attempt.kind === 'checkout' && !attempt.opened ? 'new' : 'busy'; // prettier-ignore
  return live === 'live' ? [expected] : [expected, 'new'];
}

/**
 * Whether a payment page is served ('served'), gone (410), or either, as far as the test knows:
 * each address is served once (plain or prepared before Pay), and only while its attempt is live.
 */
export function expectPage(
  order: KnownOrder,
  page: KnownPage,
  facts: ServiceFacts,
): 'served' | 'gone' | 'either' {
  return page.used ? 'gone' : expectReady(order, page.attempt, facts);
}

/**
 * Whether showing a page served prepared before Pay (`POST /api/pages/:token/opened`) opens its
 * attempt (204, 'served') or is refused (410, 'gone'): only a served address's, and only while its
 * attempt is live (not replaced, expired or ended).
 */
export function expectOpened(
  order: KnownOrder,
  page: KnownPage,
  facts: ServiceFacts,
): 'served' | 'gone' | 'either' {
  return page.hosted === undefined ? 'gone' : expectReady(order, page.attempt, facts);
}

/** Whether `attempt` is live (its page may be served or shown), as far as the test knows. */
function expectReady(
  order: KnownOrder,
  attempt: KnownAttempt,
  facts: ServiceFacts,
): 'served' | 'gone' | 'either' {
  if (attempt.over) return 'gone';
  if (order.unsure) return 'either';
  if (attempt !== order.current) return 'gone';
  const live = liveness(order, facts);
  if (live === 'over') return facts.moneyHeld ? 'either' : 'gone';
  return live === 'live' ? 'served' : 'either';
}

/** Records a command's outcome in the run's depth (how far each kind got). */
export function count(model: Model, what: string, ok: boolean): void {
  const seen = model.depth.get(what) ?? { sent: 0, ok: 0 };
  model.depth.set(what, { sent: seen.sent + 1, ok: seen.ok + (ok ? 1 : 0) });
}
