/**
 * One payment attempt, from Pay to its outcome: the request to the companion (the contract's
 * types, for the mode's route), then the hosted page in a frame (frame-controller.ts), the APM's
 * redirect, or straight to the outcome (status-controller.ts). An attempt left by a redirect is
 * picked up when the element connects on the return page.
 */
import type { ReactiveController } from 'lit';
import { CheckoutError, startPayment } from './companion-client.ts';
import type { CardPaymentRequest, CheckoutSessionRequest } from './contract.ts';
import { CheckoutFailureEvent, CheckoutResultEvent, CheckoutSubmitEvent } from './events.ts';
import { FrameController, type FrameHost } from './frame-controller.ts';
import {
  clientSecretOf,
  isHttpUrl,
  returnAddress,
  takePending,
  type PendingAttempt,
} from './frame.ts';
import {
  PAID_STATUSES,
  type DeviceData,
  type OrderStatus,
  type OrderStatusResponse,
  type SessionResponse,
  type Shopper,
} from './protocol.ts';
import { reveal } from './reveal.ts';
import { settledStatus, StatusController } from './status-controller.ts';

/** What an attempt needs of the element: its settings and what it collected. */
export interface PaymentHost extends FrameHost {
  orderRef: string;
  mode: 'checkout' | 'apm' | 'card';
  paymentMethod: string;
  bankCode: string;
  returnUrl: string;
  /** The shopper fields and the device data Pay sends. */
  collectedData(): Promise<{ shopper: Shopper; device: DeviceData }>;
}

type Card = CardPaymentRequest['card'];

export class PaymentController implements ReactiveController {
  /** A payment is under way: Pay is disabled. */
  busy = false;
  /** How the last attempt failed, if it did. */
  failure: CheckoutError | undefined;
  /** The last attempt's outcome, once settled. */
  outcome: OrderStatus | undefined;
  /** The hosted page's frame, its fallback and its messages. */
  readonly frame: FrameController;

  readonly #host: PaymentHost;
  /** Called once the outcome is known: the card has done its work. */
  readonly #ended: () => void;
  readonly #status: StatusController;
  #attemptKey: string | undefined;
  /** The attempt whose payment page the shopper left for the form, until the next one starts. */
  #left: PendingAttempt | undefined;

  constructor(host: PaymentHost, ended: () => void) {
    this.#host = host;
    this.#ended = ended;
    this.frame = new FrameController(host, {
      restart: () => this.#start(undefined),
      pending: (session) => this.#pending(session),
      returned: (attempt) => void this.#confirm(attempt),
      closed: (attempt) => void this.#back(attempt),
      failed: (error) => this.fail(error),
    });
    this.#status = new StatusController(host, {
      settled: (status, attempt) => this.#settled(status, attempt),
      failed: (error) => this.fail(error),
    });
    host.addController(this);
  }

  hostConnected(): void {
    const pending = takePending();
    if (pending) void this.#confirm(pending);
  }

  /** Whether Pay may start an attempt: none under way, and the order not paid already. */
  get canPay(): boolean {
    return !this.busy && !(this.outcome && PAID_STATUSES.includes(this.outcome));
  }

  /** Pays with the checked form (`card`: the card's fields, in card mode). */
  async pay(card: Card | undefined): Promise<void> {
    // One message at a time: a new attempt clears what the last one said.
    this.#set({ busy: true, failure: undefined, outcome: undefined });
    const { orderRef: order_ref } = this.#host;
    const attempt_key = this.#attempt();
    this.#host.dispatchEvent(new CheckoutSubmitEvent({ order_ref, attempt_key }));
    try {
      const session = await this.#start(card);
      this.#left = undefined;
      const mode = this.#host.mode;
      if (mode === 'checkout' && session.frame_url) this.frame.mount(session, session.frame_url);
      else if (mode === 'apm') this.#goToIssuer(session);
      else await this.#confirm(this.#pending(session));
    } catch (error) {
      // The page the shopper left may have been paid meanwhile: the companion then refuses a
      // second payment (409), and the order's own status is the answer.
      const left = this.#left;
      const paid =
        left && error instanceof CheckoutError && error.code === 'conflict'
          ? await settledStatus(left)
          : undefined;
      if (left && paid) this.#settled(paid, left);
      else this.fail(error);
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

  /** Forgets the last attempt: its messages and page; the next Pay is a new attempt. */
  reset(): void {
    this.frame.reset();
    this.#set({ failure: undefined, outcome: undefined });
    this.#attemptKey = undefined;
    this.#left = undefined;
  }

  /** The attempt's key: made at its first Pay, kept until it ends unpaid (or `reset()`). */
  #attempt(): string {
    return (this.#attemptKey ??= crypto.randomUUID());
  }

  /** Starts the attempt at the companion, or again for the frame's fallback (same attempt). */
  async #start(card: Card | undefined): Promise<SessionResponse> {
    const host = this.#host;
    const request: CheckoutSessionRequest = {
      order_ref: host.orderRef,
      attempt_key: this.#attempt(),
      client_secret: clientSecretOf(host.orderRef),
      ...(await host.collectedData()),
      // A redirect (APM, or the frame's fallback) needs a way back: this page, unless told otherwise.
      return_url: host.returnUrl || returnAddress(),
    };
    const companion = companionBase(host.companion);
    if (host.mode === 'apm') {
      const method = { payment_method: host.paymentMethod, bank_code: host.bankCode || undefined };
      return startPayment(companion, 'apm-payments', { ...request, ...method });
    }
    if (host.mode === 'card') {
      if (!card) throw new CheckoutError('unavailable', 'The form could not be loaded.', true);
      return startPayment(companion, 'card-payments', { ...request, card });
    }
    return startPayment(companion, 'checkout-sessions', request);
  }

  #pending(session: SessionResponse): PendingAttempt {
    const { order_ref, order_no, status_token } = session;
    return { order_ref, order_no, status_token, companion: companionBase(this.#host.companion) };
  }

  #goToIssuer(session: SessionResponse): void {
    if (!session.issuer_url || !isHttpUrl(session.issuer_url))
      throw new CheckoutError('issuer', 'The payment method gave no usable address.', false);
    this.frame.redirect(session, session.issuer_url, 'apm');
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
    this.#left = attempt;
    this.#set({ busy: false });
    void reveal(this.#host, 'pay-button');
    const status = await settledStatus(attempt);
    if (status && !this.busy && this.outcome === undefined) this.#settled(status, attempt);
  }

  #settled(status: OrderStatusResponse, attempt: PendingAttempt): void {
    this.frame.close();
    this.#left = undefined;
    this.#set({ busy: false, outcome: status.status });
    void reveal(this.#host, PAID_STATUSES.includes(status.status) ? 'result' : 'status');
    this.#ended();
    if (!PAID_STATUSES.includes(status.status)) this.#attemptKey = undefined; // a new attempt next time
    this.#host.dispatchEvent(
      new CheckoutResultEvent({
        order_no: status.order_no ?? attempt.order_no,
        transaction_id: status.transaction_id,
        status: status.status,
      }),
    );
  }

  #set(state: Partial<Pick<PaymentController, 'busy' | 'failure' | 'outcome'>>): void {
    Object.assign(this, state);
    this.#host.requestUpdate();
  }
}

/** The companion's address without a trailing slash: paths are appended to it. */
function companionBase(companion: string): string {
  return companion.replace(/\/+$/, '');
}
