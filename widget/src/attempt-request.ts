/**
 * The request that starts an attempt at the companion, or asks it for the same attempt again (the
 * frame's fallback, "Continue your payment"), on the mode's route and typed by the contract. The
 * attempt is saved (saved-attempt.ts) as soon as its session comes back, in every mode and
 * whatever comes next, so that a reload can pick it up.
 */
import { CheckoutError, startPayment } from './companion-client.ts';
import type { CardPaymentRequest, CheckoutSessionRequest, Payer } from './contract.ts';
import { clientSecretOf } from './frame.ts';
import type { DeviceData, SessionResponse, Shopper } from './protocol.ts';
import {
  returnAddress,
  saveAttempt,
  type PendingAttempt,
  type SavedAttempt,
} from './saved-attempt.ts';

/** What a request takes from the element: its settings and what it collected. */
export interface RequestHost {
  companion: string;
  orderRef: string;
  bankCode: string;
  returnUrl: string;
  /** How the shopper pays: the mode's flow, or the method chosen (mode="auto"), and instalments. */
  _choice(): Choice;
  /** The shopper fields and the device data Pay sends. */
  collectedData(): Promise<{ shopper: Shopper; device: DeviceData }>;
}

export type Mode = SavedAttempt['mode'];
export type Card = CardPaymentRequest['card'];

/** How the shopper pays, as the element's settings and the shopper's choices decide. */
export interface Choice {
  mode: Mode;
  /** apm: the method (`payment-method`, or the one chosen in mode="auto"). */
  paymentMethod: string;
  /** checkout and card: the count of instalments chosen, when more than one. */
  installments?: number | undefined;
  /** apm: the payer's document, for a method that needs one (a CPF for PIX). */
  payer?: Payer | undefined;
}

/** How to ask: the attempt's key and mode, the card (card mode), the saved attempt (a continue). */
export interface Ask {
  mode: Mode;
  attemptKey: string;
  card?: Card | undefined;
  saved?: SavedAttempt | undefined;
}

export async function requestAttempt(host: RequestHost, ask: Ask): Promise<SessionResponse> {
  const { mode, card, saved } = ask;
  const orderRef = saved?.order_ref ?? host.orderRef;
  const request: CheckoutSessionRequest = {
    order_ref: orderRef,
    attempt_key: ask.attemptKey,
    client_secret: clientSecretOf(orderRef),
    ...(await host.collectedData()),
    // A redirect (APM, or the frame's fallback) needs a way back: this page, unless told otherwise.
    return_url: host.returnUrl || returnAddress(),
  };
  const companion = companionBase(host.companion);
  const choice = host._choice();
  const method = saved ?? { payment_method: choice.paymentMethod, bank_code: host.bankCode };
  const apm = {
    payment_method: method.payment_method ?? '',
    bank_code: method.bank_code || undefined,
  };
  // The same attempt asked for again is the one the companion has: nothing chosen anew.
  const payer = !saved && choice.payer ? { payer: choice.payer } : {};
  const count = !saved && choice.installments ? { installments: choice.installments } : {};
  let session: SessionResponse;
  if (mode === 'apm')
    session = await startPayment(companion, 'apm-payments', { ...request, ...apm, ...payer });
  else if (mode === 'card') {
    if (!card) throw new CheckoutError('unavailable', 'The form could not be loaded.', true);
    session = await startPayment(companion, 'card-payments', { ...request, ...count, card });
  } else session = await startPayment(companion, 'checkout-sessions', { ...request, ...count });
  saveAttempt({
    ...pendingOf(session, companion),
    attempt_key: ask.attemptKey,
    mode,
    ...(mode === 'apm' ? withoutEmpty(apm) : {}),
  });
  return session;
}

/** What confirming `session`'s attempt takes. */
export function pendingOf(session: SessionResponse, companion: string): PendingAttempt {
  const { order_ref, order_no, status_token } = session;
  return { order_ref, order_no, status_token, companion: companionBase(companion) };
}

/** The companion's address without a trailing slash: paths are appended to it. */
export function companionBase(companion: string): string {
  return companion.replace(/\/+$/, '');
}

function withoutEmpty<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v)) as Partial<T>;
}
