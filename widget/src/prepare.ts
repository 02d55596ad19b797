/**
 * A checkout session started before Pay, so Pay has nothing left to wait for but the payment page.
 * A checkout session charges nobody: it is a page the shopper may or may not open. Once the form
 * is valid and the order known, `prepare(body)` starts the session Pay would start (after a short
 * pause, so typing does not start one per key); at Pay, `take(body)` gives that session when Pay
 * asks for the same, and starts a fresh one when it does not.
 *
 * The companion keeps one attempt per order: the same request again is the same attempt (a new
 * one-time page address), and a changed one replaces an attempt whose page nobody has opened
 * (server/companion/payment/request-hash.ts). A prepared session that is never used expires there like any
 * abandoned attempt. Only checkout sessions are prepared: an APM or card payment starts a payment.
 * Given a `PageAhead`, the prepared session's page loads out of sight too (page-ahead.ts), and a
 * change to the form discards it.
 */
import type { CheckoutSessionRequest } from './contract.ts';
import type { PageAhead } from './page-ahead.ts';
import type { SessionResponse } from './protocol.ts';

/** What Pay would send for a checkout session (the contract's type: a drift fails to compile). */
export type SessionBody = CheckoutSessionRequest;

/**
 * Device fields that change by themselves between two requests of one page (the clock in
 * seconds, the visitor cookie's last-seen time): the companion leaves them out of its comparison
 * too. Anything else that differs is a different request.
 */
const VOLATILE_DEVICE_FIELDS = ['checkout_time', 'cookie_old', 'cookie_new'];

/** How long a prepared page address must still be valid to be handed to Pay. */
const MIN_LIFETIME_MS = 30_000;

function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([key, item]) => [key, canonical(item)]),
  );
}

/** What a session request asks for, as comparable text: without who asks and the volatile fields. */
export function requestKey(body: SessionBody): string {
  const { attempt_key: _key, client_secret: _secret, device, ...asked } = body;
  const steady: Record<string, unknown> = { ...device };
  for (const name of VOLATILE_DEVICE_FIELDS) delete steady[name];
  return JSON.stringify(canonical({ ...asked, device: steady }));
}

interface Prepared {
  key: string;
  session: Promise<SessionResponse>;
  failed: boolean;
  ready: boolean;
}

/** Where the session Pay would start stands: nothing, on its way (or waiting), or ready. */
export type PreparedPhase = 'idle' | 'preparing' | 'prepared';

export class SessionPreparer {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #waiting: string | undefined;
  #prepared: Prepared | undefined;

  /**
   * @param start - starts a checkout session: `(body) => startPayment(companion, '/checkout-sessions', body)`
   * @param pauseMs - how long the form must stay as it is before its session is started
   * @param onPhase - told where the session stands whenever that may have changed (the
   *   attempt's `preparing` and `prepared`, attempt-state.ts)
   * @param page - where the prepared session's page loads before Pay (page-ahead.ts)
   */
  constructor(
    private readonly start: (body: SessionBody) => Promise<SessionResponse>,
    private readonly pauseMs = 500,
    private readonly onPhase: (phase: PreparedPhase) => void = () => undefined,
    private readonly page?: PageAhead,
  ) {}

  #tell(): void {
    const prepared = this.#prepared?.failed ? undefined : this.#prepared;
    const ready = prepared?.ready && this.#waiting === undefined;
    this.onPhase(ready ? 'prepared' : this.#waiting || prepared ? 'preparing' : 'idle');
  }

  /**
   * The form is valid and `body` is what Pay would send now: its session is started after the
   * pause, unless it is started (or waiting) already.
   */
  prepare(body: SessionBody): void {
    const key = requestKey(body);
    if (key === this.#waiting || (key === this.#prepared?.key && !this.#prepared.failed)) return;
    this.cancel(true);
    this.#waiting = key;
    this.#timer = setTimeout(() => {
      this.#timer = this.#waiting = undefined;
      // The empty frame the session's form will be posted into, rendered as the session starts.
      this.page?.warm();
      const prepared: Prepared = { key, session: this.start(body), failed: false, ready: false };
      const settled = (failed: boolean) => {
        [prepared.ready, prepared.failed] = [!failed, failed];
        this.#tell();
      };
      prepared.session.then(
        (session) => {
          settled(false);
          // Still the session Pay would take, the form unchanged since: its page loads now.
          if (this.#prepared === prepared && this.#waiting === undefined) this.page?.load(session);
        },
        () => settled(true),
      );
      this.#prepared = prepared;
    }, this.pauseMs);
    this.#tell();
  }

  /**
   * Nothing more is started: Pay is under way (it takes what is prepared), or, `discard`, the
   * form changed, is no longer valid or the element goes away. Then the page loaded out of sight
   * goes, and the prepared session with it (its page used its one-time address, or is on its way).
   */
  cancel(discard = false): void {
    clearTimeout(this.#timer);
    this.#timer = this.#waiting = undefined;
    if (discard) {
      this.page?.discard();
      this.#prepared = undefined;
    }
    this.#tell();
  }

  /**
   * At Pay: the prepared session when `body` asks for the same and its page address has time
   * left (used once: its address is one-time), else a session started now. A prepared session
   * that fails is started again now, so Pay fails only on its own request.
   */
  take(body: SessionBody): Promise<SessionResponse> {
    const prepared = this.#prepared;
    this.#prepared = undefined;
    this.cancel();
    const fresh = () => {
      this.page?.discard();
      return this.start(body);
    };
    if (!prepared || prepared.failed || prepared.key !== requestKey(body)) return fresh();
    return prepared.session.then((session) => {
      if ((session.expires_at ?? Infinity) - Date.now() <= MIN_LIFETIME_MS) return fresh();
      // Pay came before the session did: its page loads now (the load above saw Pay's take).
      this.page?.load(session);
      return session;
    }, fresh);
  }
}

/**
 * Opens connections to `origins` while the shopper fills the form: each gets a
 * `<link rel="preconnect">` in the document's head once, and the companion's calls (CORS without
 * credentials) one with `crossorigin` too.
 */
export function preconnect(
  companion: string,
  others: readonly string[] = [],
  doc = document,
): void {
  const hints: [string, boolean][] = [
    [new URL(companion).origin, true],
    [new URL(companion).origin, false],
    ...others.map((origin): [string, boolean] => [new URL(origin).origin, false]),
  ];
  for (const [origin, anonymous] of hints) {
    const selector = `link[rel="preconnect"][href="${origin}"]${anonymous ? '[crossorigin]' : ':not([crossorigin])'}`;
    if (doc.head.querySelector(selector)) continue;
    const link = doc.createElement('link');
    link.rel = 'preconnect';
    link.href = origin;
    if (anonymous) link.crossOrigin = 'anonymous';
    doc.head.append(link);
  }
}
