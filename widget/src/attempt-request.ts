/**
 * The request that starts an attempt at the companion, or asks it for the same attempt again (the
 * frame's fallback, "Continue your payment"), on the mode's route and typed by the contract. The
 * attempt is saved (saved-attempt.ts) as soon as its session comes back, in every mode and
 * whatever comes next, so that a reload can pick it up.
 *
 * In the schema part (pay-part.ts), with what else Pay needs: the script-tag file carries only
 * its types. The call itself (`start`) is the script-tag file's, handed in, so that its errors
 * are the element's own `CheckoutError`s.
 */
import type { startPayment } from './companion-client.ts';
import type { ApmPaymentRequest, CardPaymentRequest, CheckoutSessionRequest } from './contract.ts';
import { clientSecretOf } from './frame.ts';
import type { DeviceData, SessionResponse, Shopper } from './protocol.ts';
import {
  companionBase,
  pendingOf,
  returnAddress,
  saveAttempt,
  type SavedAttempt,
} from './saved-attempt.ts';

/** What a request takes from the element: its settings and what it collected. */
export interface RequestHost {
  companion: string;
  orderRef: string;
  bankCode: string;
  returnUrl: string;
  /** The element's locale attribute: its language, which the service's pages speak too. */
  locale?: string;
  /** How the shopper pays: the mode's flow, or the method chosen (mode="auto"), and instalments. */
  _choice(): Choice;
  /** The shopper fields and the device data Pay sends. */
  collectedData(): Promise<{ shopper: Shopper; device: DeviceData }>;
  /** What else the mode's request carries: the challenge window, saving the card, the payer. */
  paymentOptions?(mode: Mode): PaymentOptions;
}

export type Mode = SavedAttempt['mode'];
/** The card typed in card mode, or a signed-in shopper's saved card by its id (wallet.ts). */
export type Card = CardPaymentRequest['card'] | { card_id: string };
export type PaymentOptions = Pick<CheckoutSessionRequest, 'challenge_window_size' | 'save_card'> &
  Pick<ApmPaymentRequest, 'payer'>;

/** How the shopper pays, as the element's settings and the shopper's choices decide. */
export interface Choice {
  mode: Mode;
  /** apm: the method (`payment-method`, or the one chosen in mode="auto"). */
  paymentMethod: string;
  /** checkout and card: the count of instalments chosen, when more than one. */
  installments?: number | undefined;
}

/**
 * How to ask: the attempt's key and mode, the card (card mode: the caller checked it is there),
 * the saved attempt (a continue), and the call that sends the request.
 */
export interface Ask {
  mode: Mode;
  attemptKey: string;
  start: typeof startPayment;
  card?: Card | undefined;
  saved?: SavedAttempt | undefined;
  /** A checkout session prepared before Pay, when it is for `body` (prepare.ts); else undefined. */
  take?: ((body: CheckoutSessionRequest) => Promise<SessionResponse>) | undefined;
}

/** The request of every mode: the order, the attempt, the collected data and the mode's options. */
async function baseRequest(
  host: RequestHost,
  mode: Mode,
  attemptKey: string,
  orderRef = host.orderRef,
): Promise<CheckoutSessionRequest> {
  return {
    order_ref: orderRef,
    attempt_key: attemptKey,
    client_secret: clientSecretOf(orderRef),
    ...(await host.collectedData()),
    ...host.paymentOptions?.(mode),
    // The service's pages (card, 3-D Secure, PIX) speak the element's language (contract.ts).
    ...(host.locale ? { locale: host.locale } : {}),
    // A redirect (APM, or the frame's fallback) needs a way back: this page, unless told otherwise.
    return_url: host.returnUrl || returnAddress(),
  };
}

/** What Pay would send for a checkout session now: what a session prepared before Pay is for. */
export async function checkoutRequest(
  host: RequestHost,
  attemptKey: string,
): Promise<CheckoutSessionRequest> {
  const { installments } = host._choice();
  const count = installments ? { installments } : {};
  return { ...(await baseRequest(host, 'checkout', attemptKey)), ...count };
}

export async function requestAttempt(host: RequestHost, ask: Ask): Promise<SessionResponse> {
  const { mode, card, saved, start: startPayment } = ask;
  // An APM continued goes back to the address the companion gave: it would answer the same one,
  // and asking again would take the payer's document (a PIX CPF), which is never kept.
  if (saved?.mode === 'apm' && saved.issuer_url) return { ...saved, status: 'pending' };
  const request = await baseRequest(host, mode, ask.attemptKey, saved?.order_ref);
  const companion = companionBase(host.companion);
  const choice = host._choice();
  const method = saved ?? { payment_method: choice.paymentMethod, bank_code: host.bankCode };
  const apm = {
    payment_method: method.payment_method ?? '',
    bank_code: method.bank_code || undefined,
  };
  // The same attempt asked for again is the one the companion has: nothing chosen anew.
  const count = !saved && choice.installments ? { installments: choice.installments } : {};
  let session: SessionResponse;
  const savedCard = card && 'card_id' in card ? card : undefined;
  if (savedCard)
    session = await startPayment(companion, '/saved-card-payments', { ...request, ...savedCard });
  else if (mode === 'apm')
    session = await startPayment(companion, '/apm-payments', { ...request, ...apm });
  else if (mode === 'card') {
    if (!card || 'card_id' in card) throw new Error('card mode without its card'); // checked before
    session = await startPayment(companion, '/card-payments', { ...request, ...count, card });
  } else {
    const body = { ...request, ...count };
    session = await (ask.take?.(body) ?? startPayment(companion, '/checkout-sessions', body));
  }
  saveAttempt({
    ...pendingOf(session, companion),
    attempt_key: ask.attemptKey,
    mode: savedCard ? 'card' : mode, // a saved card's payment is a direct one, resumed as a card's
    ...(mode === 'apm' ? withoutEmpty({ ...apm, issuer_url: session.issuer_url }) : {}),
  });
  return session;
}

function withoutEmpty<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v)) as Partial<T>;
}
