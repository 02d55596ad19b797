/**
 * One payment attempt, from Pay to its outcome: the request to the companion (the contract's
 * types, for the mode's route), then the hosted page in a frame (frame-controller.ts), the APM's
 * redirect, or straight to the outcome (status-controller.ts). Each attempt is saved as its session
 * comes back (saved-attempt.ts), so a reload or the return from a redirect resumes it: its
 * outcome, or "Continue your payment", which asks the companion for the same attempt again.
 */
import type { ReactiveController } from 'lit';
import {
  checkoutRequest,
  companionBase,
  pendingOf,
  requestAttempt,
  type Card,
  type Mode,
  type RequestHost,
} from './attempt-request.ts';
import { CheckoutError, orderStatus, startPayment } from './companion-client.ts';
import {
  CheckoutFailureEvent,
  CheckoutRedirectEvent,
  CheckoutResultEvent,
  CheckoutSubmitEvent,
} from './events.ts';
import { FrameController, type FrameHost } from './frame-controller.ts';
import { isHttpUrl } from './frame.ts';
import {
  PAID_STATUSES,
  type OrderStatus,
  type OrderStatusResponse,
  type SessionResponse,
} from './protocol.ts';
import {
  forgetAttempt,
  returnedOrderRef,
  savedAttempt,
  type PendingAttempt,
  type SavedAttempt,
} from './saved-attempt.ts';
import { settledStatus, StatusController, UNSETTLED } from './status-controller.ts';
import { reveal } from './reveal.ts';
import type { SessionPreparer } from './prepare.ts';

type Preparer = typeof SessionPreparer;

/** What an attempt needs of the element: its settings and what it collected. */
export interface PaymentHost extends FrameHost, RequestHost {}

export class PaymentController implements ReactiveController {
  /** A payment is under way: Pay is disabled. */
  busy = false;
  /** How the last attempt failed, if it did. */
  failure: CheckoutError | undefined;
  /** The last attempt's outcome, once settled. */
  outcome: OrderStatus | undefined;
  /**
   * An attempt saved before this page loaded: `checking` while its status is read, then
   * `continue` if it is still under way (the shopper may continue it).
   */
  resume: 'checking' | 'continue' | undefined;
  /** The hosted page's frame, its fallback and its messages. */
  readonly frame: FrameController;

  readonly #host: PaymentHost;
  /** Called once the outcome is known: the card has done its work. */
  readonly #ended: () => void;
  readonly #status: StatusController;
  #attemptKey: string | undefined;
  /** The flow of the attempt under way (mode="auto": the chosen method's). */
  #mode: Mode = 'checkout';
  /** The attempt picked up from storage, if any: the one `continue` asks for again. */
  #saved: SavedAttempt | undefined;
  /** The attempt was started before this page loaded: its result event says `resumed`. */
  #resumed = false;
  /** The companion and order the element was last resumed for. */
  #resumedFor: string | undefined;
  /** The page is leaving for a redirect: if the browser brings it back as it was, resume. */
  #left = false;
  /** The attempt whose payment page the shopper left for the form, until the next one starts. */
  #wentBack: PendingAttempt | undefined;
  /** The checkout session Pay would start, started ahead (prepare.ts, in the schema part). */
  #preparer: SessionPreparer | undefined;

  constructor(host: PaymentHost, ended: () => void) {
    this.#host = host;
    this.#ended = ended;
    this.frame = new FrameController(host, {
      restart: () => this.#start(this.#mode),
      pending: (session) => this.#pending(session),
      returned: (attempt) => void this.#confirm(attempt),
      closed: (attempt) => void this.#back(attempt),
      failed: (error) => this.fail(error),
    });
    this.#status = new StatusController(host, {
      settled: (status, attempt) => this.#settled(status, attempt),
      failed: (error) => this.fail(error),
    });
    host.addEventListener(CheckoutRedirectEvent.type, () => (this.#left = true));
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('pageshow', this.#onPageShow);
  }

  hostDisconnected(): void {
    window.removeEventListener('pageshow', this.#onPageShow);
    this.#preparer?.cancel();
  }

  /**
   * The element updated. While its form is valid and Pay would start a checkout session, that
   * session is started ahead (once the request has stayed the same for a moment, prepare.ts): a
   * session charges nobody, and Pay then waits only for the payment page. `Preparer` comes with
   * the schema part.
   */
  prepare(valid: boolean, Preparer: Preparer | undefined): void {
    const preparer = (this.#preparer ??=
      Preparer &&
      new Preparer((body) =>
        startPayment(companionBase(this.#host.companion), 'checkout-sessions', body),
      ));
    if (!preparer) return;
    if (!valid || !this.canPay || this.#host._choice().mode !== 'checkout')
      return preparer.cancel();
    // Pay may have been pressed while the request was being put together: it starts its own.
    void checkoutRequest(this.#host, this.#attempt()).then(
      (body) => this.canPay && preparer.prepare(body),
    );
  }

  /** On connect, and whenever the companion or the order changes: resume a saved attempt. */
  hostUpdate(): void {
    const key = `${companionBase(this.#host.companion)} ${this.#host.orderRef}`;
    if (key === this.#resumedFor) return;
    const first = this.#resumedFor === undefined;
    this.#resumedFor = key;
    if (this.busy) return;
    if (!first) this.#forgetState();
    void this.#resume();
  }

  /** Back from a redirect by the browser's back button, from its page cache: as on a reload. */
  #onPageShow = (event: PageTransitionEvent): void => {
    if (!event.persisted || !this.#left) return;
    this.#left = false;
    this.#set({ busy: false });
    void this.#resume();
  };

  /** Whether Pay may start an attempt: none under way, and the order not paid already. */
  get canPay(): boolean {
    return !this.busy && !this.resume && !(this.outcome && PAID_STATUSES.includes(this.outcome));
  }

  /** Pays with the checked form (`card`: the card's fields, in card mode). */
  async pay(card: Card | undefined): Promise<void> {
    // One message at a time: a new attempt clears what the last one said.
    this.#set({ busy: true, failure: undefined, outcome: undefined });
    this.#resumed = false;
    const order_ref = this.#host.orderRef;
    const mode = (this.#mode = this.#host._choice().mode);
    const attempt_key = this.#attempt();
    this.#host.dispatchEvent(new CheckoutSubmitEvent({ order_ref, attempt_key }));
    try {
      const session = await this.#start(mode, card);
      this.#wentBack = undefined;
      await this.#proceed(session, mode);
    } catch (error) {
      // The page the shopper left may have been paid meanwhile: the companion then refuses a
      // second payment (409), and the order's own status is the answer.
      const left = this.#wentBack;
      const paid =
        left && error instanceof CheckoutError && error.code === 'conflict'
          ? await settledStatus(left)
          : undefined;
      if (left && paid) this.#settled(paid, left);
      else this.fail(error);
    }
  }

  /**
   * Continues the saved attempt: the same attempt is asked for again (a fresh one-time address of
   * its page, or the payment method's), or, for a card, its outcome.
   */
  async continue(): Promise<void> {
    const saved = this.#saved;
    if (!saved || this.busy || this.resume !== 'continue') return;
    this.#set({ busy: true, resume: undefined, failure: undefined });
    this.#mode = saved.mode;
    try {
      if (saved.mode === 'card') return await this.#confirm(saved);
      await this.#proceed(await this.#start(saved.mode, undefined, saved), saved.mode);
    } catch (error) {
      this.fail(error);
      this.#set({ resume: 'continue' }); // offered again, not Pay: the attempt is still there
    }
  }

  fail(error: unknown): void {
    const failure =
      error instanceof CheckoutError ? error : new CheckoutError('error', String(error), true);
    this.frame.close();
    this.#set({ busy: false, failure });
    void reveal(this.#host, 'failure');
    const { code, message, retryable } = failure;
    this.#host.dispatchEvent(new CheckoutFailureEvent({ code, message, retryable }));
  }

  /** Forgets the last attempt: its messages, its page and its saved record; the next Pay is new. */
  reset(): void {
    forgetAttempt(companionBase(this.#host.companion), this.#host.orderRef);
    if (this.#saved) forgetAttempt(this.#saved.companion, this.#saved.order_ref);
    this.#forgetState();
  }

  #forgetState(): void {
    this.#preparer?.cancel();
    this.#preparer = undefined; // its session was for the order and companion that were
    this.frame.reset();
    this.#set({ failure: undefined, outcome: undefined, resume: undefined });
    this.#attemptKey = undefined;
    this.#saved = undefined;
    this.#resumed = false;
    this.#wentBack = undefined;
  }

  /** The attempt's key: made at its first Pay, kept until it ends unpaid (or `reset()`). */
  #attempt(): string {
    return (this.#attemptKey ??= crypto.randomUUID());
  }

  /**
   * Picks up the attempt saved for this element's order, or the one this page is the return of:
   * back from a redirect, its outcome is waited for as after the frame; otherwise its status is
   * read once, and an attempt still under way is offered to continue.
   */
  async #resume(): Promise<void> {
    const companion = companionBase(this.#host.companion);
    const returned = returnedOrderRef();
    const back = returned ? savedAttempt(companion, returned) : undefined;
    const saved = back ?? savedAttempt(companion, this.#host.orderRef);
    if (!saved) return;
    this.#saved = saved;
    this.#attemptKey = saved.attempt_key;
    this.#resumed = true;
    if (back) return this.#confirm(back);
    this.#set({ busy: true, resume: 'checking' });
    try {
      const status = await orderStatus(saved.companion, saved.order_ref, saved.status_token);
      if (!UNSETTLED.includes(status.status)) return this.#settled(status, saved);
      this.#set({ busy: false, resume: 'continue' });
    } catch (error) {
      // A refusal (an unknown order, a status token no longer good): nothing to resume. Anything
      // else may pass: the shopper may still continue.
      const refused = error instanceof CheckoutError && error.code.startsWith('http_4');
      if (refused) this.#forgetState();
      if (refused) forgetAttempt(saved.companion, saved.order_ref);
      this.#set({ busy: false, resume: refused ? undefined : 'continue' });
    }
  }

  /** Starts the attempt at the companion, or asks for it again (a fallback, a continue). */
  #start(mode: Mode, card?: Card, saved?: SavedAttempt): Promise<SessionResponse> {
    const preparer = saved ? undefined : this.#preparer;
    // Anything but a checkout session replaces a prepared one at the companion: it is dropped.
    if (mode !== 'checkout' || card) this.#preparer = undefined;
    const take = preparer && preparer.take.bind(preparer);
    return requestAttempt(this.#host, { mode, attemptKey: this.#attempt(), card, saved, take });
  }

  /** The attempt's next step: the page in the frame, the payment method, or its outcome. */
  #proceed(session: SessionResponse, mode: Mode): Promise<void> | void {
    if (mode === 'checkout' && session.frame_url) this.frame.mount(session, session.frame_url);
    else if (mode === 'apm') this.#goToIssuer(session);
    else return this.#confirm(this.#pending(session));
  }

  #pending(session: SessionResponse): PendingAttempt {
    return pendingOf(session, this.#host.companion);
  }

  #goToIssuer(session: SessionResponse): void {
    if (!session.issuer_url || !isHttpUrl(session.issuer_url))
      throw new CheckoutError('issuer', 'The payment method gave no usable address.', false);
    this.frame.redirect(session.issuer_url, 'apm');
  }

  /** Waits for the attempt's outcome: `#settled` or `fail` follows. */
  #confirm(attempt: PendingAttempt): Promise<void> {
    this.#set({ busy: true });
    return this.#status.confirm(attempt);
  }

  /**
   * The shopper went back to the form from the payment page. The attempt stays: Pay goes on with
   * it (the companion answers the attempt waiting for the shopper, with a fresh page). A payment
   * finished on the page meanwhile is reported all the same.
   */
  async #back(attempt: PendingAttempt): Promise<void> {
    this.#wentBack = attempt;
    this.#set({ busy: false });
    void reveal(this.#host, 'pay-button');
    const status = await settledStatus(attempt);
    if (status && !this.busy && this.outcome === undefined) this.#settled(status, attempt);
  }

  /**
   * The outcome: an attempt that ended unpaid is forgotten (the next Pay is a new attempt); a paid
   * one stays saved, so a reload shows it paid rather than a form that could only be refused.
   */
  #settled(status: OrderStatusResponse, attempt: PendingAttempt): void {
    this.frame.close();
    this.#wentBack = undefined;
    this.#set({ busy: false, outcome: status.status, resume: undefined });
    void reveal(this.#host, PAID_STATUSES.includes(status.status) ? 'result' : 'status');
    this.#ended();
    const paid = PAID_STATUSES.includes(status.status);
    if (!paid && !UNSETTLED.includes(status.status)) {
      forgetAttempt(attempt.companion, attempt.order_ref);
      this.#saved = undefined;
    }
    if (!paid) this.#attemptKey = undefined; // a new attempt next time
    this.#host.dispatchEvent(
      new CheckoutResultEvent({
        order_no: status.order_no ?? attempt.order_no,
        transaction_id: status.transaction_id,
        status: status.status,
        ...(this.#resumed ? { resumed: true as const } : {}),
      }),
    );
  }

  #set(state: Partial<Pick<PaymentController, 'busy' | 'failure' | 'outcome' | 'resume'>>): void {
    Object.assign(this, state);
    this.#host.requestUpdate();
  }
}
