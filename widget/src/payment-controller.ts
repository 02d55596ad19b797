/**
 * One payment attempt, from Pay to its outcome: the request to the companion (the contract's
 * types, for the mode's route), then the hosted page in a frame (frame-controller.ts), the APM's
 * redirect, or straight to the outcome (status-controller.ts). Each attempt is saved as its session
 * comes back (saved-attempt.ts), so a reload or the return from a redirect resumes it: its
 * outcome, or "Continue your payment", which asks the companion for the same attempt again.
 *
 * The attempt is one value (`attempt`, attempt-state.ts): each move is an event given to `next`,
 * and this controller does what the move asks.
 */
import type { ReactiveController } from 'lit';
import type { Card, Mode, RequestHost } from './attempt-request.ts';
import {
  atRest,
  isBusy,
  next,
  UNSETTLED,
  type Attempt,
  type AttemptEvent,
} from './attempt-state.ts';
import { CheckoutError, orderStatus, startPayment } from './companion-client.ts';
import {
  CheckoutFailureEvent,
  CheckoutRedirectEvent,
  CheckoutResultEvent,
  CheckoutSubmitEvent,
} from './events.ts';
import { FrameController, type FrameHost } from './frame-controller.ts';
import { isHttpUrl } from './frame.ts';
import type { OrderStatusResponse, SessionResponse } from './protocol.ts';
import {
  companionBase,
  forgetAttempt,
  pendingOf,
  returnedOrderRef,
  savedAttempt,
  type PendingAttempt,
  type SavedAttempt,
} from './saved-attempt.ts';
import { settledStatus, StatusController } from './status-controller.ts';
import { reveal } from './reveal.ts';
import { SessionAhead } from './session-ahead.ts';

/** The schema part (pay-part.ts): the request Pay sends, and the session prepared before Pay. */
type SchemaPart = typeof import('./pay-part.ts');

/** What an attempt needs of the element: its settings, what it collected, the schema part. */
export interface PaymentHost extends FrameHost, RequestHost {
  /** The schema part: here by Pay (it is awaited there), on its way since the element connected. */
  _schemaPart(): Promise<SchemaPart>;
}

export class PaymentController implements ReactiveController {
  /** The attempt as it stands. */
  attempt: Attempt = { is: 'idle' };
  /** The hosted page's frame, its fallback and its messages. */
  readonly frame: FrameController;

  readonly #host: PaymentHost;
  /** Called once the outcome is known: the card has done its work. */
  readonly #ended: () => void;
  readonly #status: StatusController;
  /** The companion and order the element was last resumed for. */
  #resumedFor: string | undefined;
  /** The checkout session Pay would start, started ahead (session-ahead.ts). */
  readonly #ahead: SessionAhead;

  constructor(host: PaymentHost, ended: () => void) {
    this.#host = host;
    this.#ended = ended;
    this.frame = new FrameController(host, {
      restart: () => this.#start('checkout'),
      pending: (session) => this.#pending(session),
      returned: (attempt) => void this.#confirm(attempt),
      closed: (attempt) => void this.#back(attempt),
      failed: (error) => this.fail(error),
    });
    this.#ahead = new SessionAhead(
      host,
      (event) => this.#to(event),
      () => this.canPay,
      this.frame,
    );
    this.#status = new StatusController(host, {
      settled: (status, attempt) => this.#settle(status, attempt),
      failed: (error) => this.fail(error),
    });
    // An APM's redirect, or the frame's fallback to one.
    host.addEventListener(CheckoutRedirectEvent.type, () => this.#to({ on: 'away' }));
    host.addController(this);
  }

  hostConnected(): void {
    window.addEventListener('pageshow', this.#onPageShow);
  }

  hostDisconnected(): void {
    window.removeEventListener('pageshow', this.#onPageShow);
    this.#ahead.cancel();
  }

  /** Whether Pay may start an attempt: none under way, none to continue, the order not paid. */
  get canPay(): boolean {
    return atRest(this.attempt);
  }

  /** The element updated: the session Pay would start is prepared while the form is `valid`. */
  prepare(valid: boolean, part: SchemaPart | undefined): void {
    this.#ahead.update(valid, part);
  }

  /** On connect, and whenever the companion or the order changes: resume a saved attempt. */
  hostUpdate(): void {
    const key = `${companionBase(this.#host.companion)} ${this.#host.orderRef}`;
    if (key === this.#resumedFor) return;
    const first = this.#resumedFor === undefined;
    this.#resumedFor = key;
    if (isBusy(this.attempt)) return;
    if (!first) this.#forgetState();
    void this.#resume();
  }

  /** Back from a redirect by the browser's back button, from its page cache: as on a reload. */
  #onPageShow = (event: PageTransitionEvent): void => {
    if (!event.persisted || this.attempt.is !== 'away') return;
    this.#to({ on: 'restored' });
    void this.#resume();
  };

  /** Pays with the checked form (`card`: the card's fields, in card mode). */
  async pay(card: Card | undefined): Promise<void> {
    // A page posted ahead and still loading is shown at once, and Pay's work waits for its load,
    // so as not to share the machine with it (page-ahead.ts).
    const early = this.#ahead.early();
    if (early) await early;
    const { left } = this.attempt;
    // One message at a time: a new attempt clears what the last one said.
    const { key: attempt_key = '' } = this.#to({ on: 'pay', key: crypto.randomUUID() });
    const order_ref = this.#host.orderRef;
    const mode = this.#host._choice().mode;
    this.#host.dispatchEvent(new CheckoutSubmitEvent({ order_ref, attempt_key }));
    try {
      // Unless the page loaded before Pay is in, what is queued before this press goes first:
      // the prepared session's answer, whose form is then posted into the frame (page-ahead.ts),
      // or that post's navigation. A page in has nothing queued: Pay shows it at once.
      if (early !== false) await new Promise((go) => setTimeout(go));
      await this.#proceed(await this.#start(mode, card), mode, card);
    } catch (error) {
      // The page the shopper left may have been paid meanwhile: the companion then refuses a
      // second payment (409), and the order's own status is the answer.
      const paid =
        left && error instanceof CheckoutError && error.code === 'conflict'
          ? await settledStatus(left)
          : undefined;
      if (left && paid) this.#settle(paid, left);
      else this.fail(error);
    }
  }

  /**
   * Continues the saved attempt: the same attempt is asked for again (a fresh one-time address of
   * its page, or the payment method's), or, for a card, its outcome. If that fails, Continue is
   * offered again, not Pay: the attempt is still there.
   */
  async continue(): Promise<void> {
    const a = this.attempt;
    if (a.is !== 'resumable') return;
    const { saved } = a;
    this.#to({ on: 'continue' });
    try {
      if (saved.mode === 'card') return await this.#confirm(saved);
      await this.#proceed(await this.#start(saved.mode, undefined, saved), saved.mode);
    } catch (error) {
      this.fail(error);
    }
  }

  fail(error: unknown): void {
    const failure =
      error instanceof CheckoutError ? error : new CheckoutError('error', String(error), true);
    this.frame.close();
    this.#to({ on: 'fail', failure });
    void reveal(this.#host, 'failure');
    const { code, message, retryable } = failure;
    this.#host.dispatchEvent(new CheckoutFailureEvent({ code, message, retryable }));
  }

  /** Forgets the last attempt: its messages, its page and its saved record; the next Pay is new. */
  reset(): void {
    forgetAttempt(companionBase(this.#host.companion), this.#host.orderRef);
    const kept = this.attempt.attempt ?? this.attempt.saved;
    if (kept) forgetAttempt(kept.companion, kept.order_ref);
    this.#forgetState();
  }

  #forgetState(): void {
    this.#ahead.drop();
    this.frame.reset();
    this.#to({ on: 'reset' });
  }

  /**
   * One move of the attempt (attempt-state.ts), rendered if it changed anything: the new state.
   * The session prepared ahead is not shown, and its moves are not rendered: `prepare()` runs
   * after each update, and would start over a session that failed, again and again.
   */
  #to(event: AttemptEvent): Attempt {
    const from = this.attempt;
    this.attempt = next(from, event);
    if (this.attempt !== from && event.on !== 'key' && event.on !== 'prepare')
      this.#host.requestUpdate();
    return this.attempt;
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
    if (back) {
      this.#to({ on: 'returned', saved: back });
      return this.#status.confirm(back);
    }
    this.#to({ on: 'check', saved });
    try {
      const status = await orderStatus(saved.companion, saved.order_ref, saved.status_token);
      if (!UNSETTLED.includes(status.status)) return this.#settle(status, saved);
      this.#to({ on: 'resumable' });
    } catch (error) {
      // A refusal (an unknown order, a status token no longer good): nothing to resume. Anything
      // else may pass: the shopper may still continue.
      if (!(error instanceof CheckoutError && error.code.startsWith('http_4')))
        return void this.#to({ on: 'resumable' });
      this.#forgetState();
      forgetAttempt(saved.companion, saved.order_ref);
    }
  }

  /** Starts the attempt at the companion, or asks for it again (a fallback, a continue). */
  async #start(mode: Mode, card?: Card, saved?: SavedAttempt): Promise<SessionResponse> {
    if (mode === 'card' && !card)
      throw new CheckoutError('unavailable', 'The form could not be loaded.', true);
    const take = this.#ahead.taker(mode, card, saved);
    const attemptKey = this.attempt.key ?? '';
    const { requestAttempt } = await this.#host._schemaPart();
    const ask = { mode, attemptKey, card, saved, take, start: startPayment };
    return requestAttempt(this.#host, ask);
  }

  /**
   * The attempt's next step: the page in the frame, the payment method, or its outcome. A card
   * that needs a 3-D Secure challenge comes back as the service's page (the companion went on with
   * a checkout), with a word on why for a typed `card`, which the page asks for again (a saved
   * one's page asks for the challenge's code alone, which says what it is).
   */
  #proceed(session: SessionResponse, mode: Mode, card?: Card): Promise<void> | void {
    if (mode !== 'apm' && session.frame_url) {
      this.#to({ on: 'page' });
      // The page loaded out of sight for this session (page-ahead.ts) is shown as it is: no new
      // load. Replaced or expired meanwhile (the companion answers 410), a fresh page instead.
      const ahead = this.#ahead.shown(session);
      const url = ahead?.url ?? session.frame_url;
      this.frame.mount(
        session,
        url,
        mode === 'card' && !(card && 'card_id' in card),
        ahead?.painted,
      );
      void ahead?.opened.then((open) => {
        if (!open && this.frame.url === url) void this.frame.reopen();
      });
    } else if (mode === 'apm') this.#goToIssuer(session);
    else return this.#confirm(this.#pending(session));
  }

  #pending(session: SessionResponse): PendingAttempt {
    return pendingOf(session, this.#host.companion);
  }

  #goToIssuer(session: SessionResponse): void {
    if (!session.issuer_url || !isHttpUrl(session.issuer_url))
      throw new CheckoutError('issuer', 'The payment method gave no usable address.', false);
    if (this.#host.isConnected) return this.frame.redirect(session.issuer_url, 'apm');
    // The element left the page before the payment method's address came: the page the shopper
    // went on to stays theirs. The attempt is saved; back on a page, Continue takes them there.
    this.#forgetState();
    this.#resumedFor = undefined;
  }

  /** Waits for the attempt's outcome: `#settle` or `fail` follows. */
  #confirm(attempt: PendingAttempt): Promise<void> {
    this.#to({ on: 'confirm' });
    return this.#status.confirm(attempt);
  }

  /**
   * The shopper went back to the form from the payment page. The attempt stays: Pay goes on with
   * it (the companion answers the attempt waiting for the shopper, with a fresh page). A payment
   * finished on the page meanwhile is reported all the same.
   */
  async #back(attempt: PendingAttempt): Promise<void> {
    const { is } = this.#to({ on: 'back', left: attempt });
    void reveal(this.#host, is === 'resumable' ? 'continue-button' : 'pay-button');
    const status = await settledStatus(attempt);
    if (status) this.#settle(status, attempt, 'ended');
  }

  /**
   * The outcome (`ended`: of the attempt whose page the shopper left), if the attempt still waits
   * for it: an attempt that ended unpaid is forgotten (the next Pay is a new attempt); a paid one
   * stays saved, so a reload shows it paid rather than a form that could only be refused.
   */
  #settle(
    status: OrderStatusResponse,
    attempt: PendingAttempt,
    on: 'status' | 'ended' = 'status',
  ): void {
    const from = this.attempt;
    const to = this.#to({ on, status: status.status, attempt, info: status.result_info });
    if (to === from) return;
    this.frame.close();
    const paid = to.is === 'paid';
    void reveal(this.#host, paid ? 'result' : 'status');
    this.#ended();
    if (!paid && !UNSETTLED.includes(status.status))
      forgetAttempt(attempt.companion, attempt.order_ref);
    this.#host.dispatchEvent(
      new CheckoutResultEvent({
        order_no: status.order_no ?? attempt.order_no,
        transaction_id: status.transaction_id,
        status: status.status,
        // Begun before this page loaded: picked up from storage, or continued since.
        ...(from.resumed || from.is === 'checking' ? { resumed: true as const } : {}),
      }),
    );
  }
}
