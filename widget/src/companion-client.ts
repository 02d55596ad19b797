/** The widget's calls to the companion, and the errors they can end in. */
import type {
  ApmPaymentRequest,
  CardPaymentRequest,
  CheckoutSessionRequest,
  SavedCardPaymentRequest,
} from './contract.ts';
import { CheckoutError } from './checkout-error.ts';
import type {
  OrderStatusResponse,
  OrderSummaryResponse,
  Problem,
  SessionResponse,
} from './protocol.ts';

export { CheckoutError };

/** What each payment route takes: the contract's request types, so a drift fails to compile. */
export interface PaymentRequests {
  'checkout-sessions': CheckoutSessionRequest;
  'apm-payments': ApmPaymentRequest;
  'card-payments': CardPaymentRequest;
  'saved-card-payments': SavedCardPaymentRequest;
}
export type PaymentRoute = keyof PaymentRequests;

async function call<T>(url: string, init: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'omit',
      ...init,
      // A GET without headers of its own is a simple request: no CORS preflight before it.
      headers: init.body ? { 'content-type': 'application/json', ...init.headers } : init.headers,
    });
  } catch {
    throw new CheckoutError('network', 'The payment service could not be reached.', true);
  }
  if (response.ok) return (await response.json()) as T;
  let problem: Partial<Problem> = {};
  try {
    problem = (await response.json()) as Problem;
  } catch {
    // not a problem document
  }
  const code =
    response.status === 409
      ? 'conflict'
      : response.status === 400
        ? 'invalid'
        : response.status >= 500
          ? 'unavailable'
          : `http_${response.status}`;
  throw new CheckoutError(
    code,
    problem.detail ?? problem.title ?? `HTTP ${response.status}`,
    problem.retryable ?? response.status >= 500,
  );
}

/** Starts a payment at `route` (the body is that route's request type). */
export function startPayment<R extends PaymentRoute>(
  companion: string,
  route: R,
  body: PaymentRequests[R],
): Promise<SessionResponse> {
  // The shop's cookies say who the shopper is (the companion's resolveShopper): sent only to pay
  // with a saved card or to save one.
  const shopper = route === 'saved-card-payments' || ('save_card' in body && body.save_card);
  return call<SessionResponse>(`${companion}/api/${route}`, {
    method: 'POST',
    body: JSON.stringify(body),
    credentials: shopper ? 'include' : 'omit',
  });
}

export function orderStatus(
  companion: string,
  orderRef: string,
  token: string,
): Promise<OrderStatusResponse> {
  return call<OrderStatusResponse>(`${companion}/api/orders/${encodeURIComponent(orderRef)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
}

/** The order's summary (amount, instalments, ranked methods); `hints` help the ranking. */
export function orderSummary(
  companion: string,
  orderRef: string,
  hints: { country?: string | undefined; device: 'mobile' | 'desktop' },
  signal: AbortSignal,
): Promise<OrderSummaryResponse> {
  const query = new URLSearchParams({ device: hints.device });
  if (hints.country) query.set('country', hints.country);
  const path = `/api/order-summaries/${encodeURIComponent(orderRef)}?${query}`;
  return call<OrderSummaryResponse>(`${companion}${path}`, { signal });
}
