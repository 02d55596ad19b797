/**
 * What the element keeps of an attempt in sessionStorage, so that a reload, or the return from a
 * redirect, picks the order up where it was: its frame again, its outcome, or "Continue your
 * payment". One record per companion and order reference, so two elements or two orders on one
 * page never mix. It holds what reading the status and asking for the same attempt again take,
 * and nothing more: no card data, no shopper fields, and not the client secret (which is kept
 * apart, by `clientSecretOf` in frame.ts).
 */

import type { SessionResponse } from './protocol.ts';

/** An attempt whose outcome can be asked for: the status token reads that one order only. */
export interface PendingAttempt {
  order_ref: string;
  order_no: string;
  status_token: string;
  /** The companion's address, without a trailing slash. */
  companion: string;
}

/**
 * The flows an attempt is made in: the element's modes but `auto`, which pays by one of them
 * (the layout matrix, test/e2e/layout/, is generated from this list).
 */
export const FLOWS = ['checkout', 'apm', 'card'] as const;
export type Flow = (typeof FLOWS)[number];

/** A pending attempt, with what asking the companion for the same attempt again takes. */
export interface SavedAttempt extends PendingAttempt {
  attempt_key: string;
  mode: Flow;
  /** apm only: the method and bank the attempt was made with. */
  payment_method?: string;
  bank_code?: string;
  /** apm only: the payment method's address, which "Continue your payment" goes back to. */
  issuer_url?: string;
}

/** The companion's address without a trailing slash: paths are appended to it. */
export function companionBase(companion: string): string {
  return companion.replace(/\/+$/, '');
}

/** What confirming `session`'s attempt takes. */
export function pendingOf(session: SessionResponse, companion: string): PendingAttempt {
  const { order_ref, order_no, status_token } = session;
  return { order_ref, order_no, status_token, companion: companionBase(companion) };
}

const PREFIX = 'acquiring-checkout:attempt:';
/** The parameter the companion's return pages add to the storefront's return address. */
const RETURN_PARAMETER = 'acquiring_order_ref';

const keyOf = (companion: string, orderRef: string) => `${PREFIX}${companion} ${orderRef}`;

export function saveAttempt(attempt: SavedAttempt): void {
  try {
    sessionStorage.setItem(keyOf(attempt.companion, attempt.order_ref), JSON.stringify(attempt));
  } catch {
    // Storage refused (some private modes): a reload starts over, as it always did.
  }
}

/** The attempt saved for `orderRef` at `companion`, if any (and well-formed). */
export function savedAttempt(companion: string, orderRef: string): SavedAttempt | undefined {
  let saved: unknown;
  try {
    saved = JSON.parse(sessionStorage.getItem(keyOf(companion, orderRef)) ?? 'null');
  } catch {
    return undefined;
  }
  return isSavedAttempt(saved) && saved.companion === companion && saved.order_ref === orderRef
    ? saved
    : undefined;
}

export function forgetAttempt(companion: string, orderRef: string): void {
  try {
    sessionStorage.removeItem(keyOf(companion, orderRef));
  } catch {
    // Nothing was kept.
  }
}

/** The order this page is the return of, after a redirect (`?acquiring_order_ref=`). */
export function returnedOrderRef(): string | undefined {
  return new URLSearchParams(location.search).get(RETURN_PARAMETER) || undefined;
}

/** This page's address without the return parameter: where a redirect should come back to. */
export function returnAddress(): string {
  const url = new URL(location.href);
  url.searchParams.delete(RETURN_PARAMETER);
  url.hash = '';
  return url.toString();
}

/** A record read back from storage is the page's to tamper with: its shape is checked. */
function isSavedAttempt(value: unknown): value is SavedAttempt {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  const texts = ['order_ref', 'order_no', 'status_token', 'companion', 'attempt_key'];
  return (
    texts.every((name) => typeof record[name] === 'string' && record[name] !== '') &&
    FLOWS.some((flow) => flow === record['mode'])
  );
}
