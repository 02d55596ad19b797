/** The widget's calls to the companion, and the errors they can end in. */
import type {
  ApmPaymentRequest,
  CardPaymentRequest,
  CheckoutSessionRequest,
  SavedCardPaymentRequest,
} from './contract.ts';
import type { OrderStatusResponse, Problem, SessionResponse } from './protocol.ts';

/** A failure with a stable code for the failure event; `retryable` when trying again may work. */
export class CheckoutError extends Error {
  override readonly name = 'CheckoutError';
  constructor(
    readonly code: string,
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

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
      headers: { 'content-type': 'application/json', ...init.headers },
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
