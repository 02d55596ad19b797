/** The widget's calls to the companion, and the errors they can end in. */
import type {
  ApmPaymentRequest,
  CardPaymentRequest,
  CheckoutSessionRequest,
  SavedCardPaymentRequest,
} from './contract.ts';
import { CheckoutError } from './checkout-error.ts';
import type { RouteUrl, WIDGET_API, WIDGET_ROUTES } from './routes.ts';
import type {
  OrderStatusResponse,
  OrderSummaryResponse,
  Problem,
  SessionResponse,
} from './protocol.ts';

export { CheckoutError };

/** What each payment route takes: the contract's request types, so a drift fails to compile. */
interface RouteRequests {
  checkoutSessions: CheckoutSessionRequest;
  apmPayments: ApmPaymentRequest;
  cardPayments: CardPaymentRequest;
  savedCardPayments: SavedCardPaymentRequest;
}
/** The same by the route's path in the contract's table (`'/checkout-sessions'`…). */
export type PaymentRequests = {
  [K in keyof RouteRequests as (typeof WIDGET_ROUTES)[K]]: RouteRequests[K];
};
export type PaymentRoute = keyof PaymentRequests;

/**
 * Tells the developer, in the console, what to check when a call got no answer. The page cannot
 * read why a fetch failed (a probe would be blocked too: the companion's answers are
 * `Cross-Origin-Resource-Policy: same-origin`), so both causes are named, with the origin to add.
 */
function explainUnreachable(url: string): void {
  const here = globalThis.location?.origin ?? '';
  console.error(
    `acquiring-checkout: no answer from ${url}. Either nothing answers there, or the browser ` +
      `blocked the answer to this page (CORS): add ${here} to the companion's allowedOrigins ` +
      `(ALLOWED_ORIGINS).`,
  );
}

/** How often, and how long at most each time, a request the companion says to repeat is waited on. */
const WAITS = 3;
const LONGEST_WAIT_S = 5;

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, {
      credentials: 'omit',
      ...init,
      // A GET without headers of its own is a simple request: no CORS preflight before it.
      headers: init.body ? { 'content-type': 'application/json', ...init.headers } : init.headers,
    });
  } catch (error) {
    // Aborted by its caller (the order changed, the element left the page): not unreachable.
    if (init.signal?.aborted) throw error;
    explainUnreachable(url);
    throw new CheckoutError('network', 'The payment service could not be reached.', true);
  }
}

/**
 * One call, repeated after the advised delay while the companion answers 503 with `retry_after`
 * (an attempt being created or recovered: the same request, attempt key and all, is safe to send
 * again, and its answer is the same session). The shopper sees Pay at work meanwhile.
 */
async function call<T>(url: string, init: RequestInit): Promise<T> {
  for (let wait = 0; ; wait++) {
    const response = await send(url, init);
    if (response.ok) return (await response.json()) as T;
    let problem: Partial<Problem> = {};
    try {
      problem = (await response.json()) as Problem;
    } catch {
      // not a problem document
    }
    const delay = problem.retry_after;
    if (
      response.status === 503 &&
      wait < WAITS &&
      typeof delay === 'number' &&
      delay <= LONGEST_WAIT_S
    ) {
      await new Promise((resolve) => setTimeout(resolve, Math.max(delay, 0.1) * 1000));
      if (init.signal?.aborted) throw init.signal.reason;
      continue;
    }
    throw new CheckoutError(
      errorCode(response.status),
      problem.detail ?? problem.title ?? `HTTP ${response.status}`,
      problem.retryable ?? response.status >= 500,
    );
  }
}

function errorCode(status: number): string {
  if (status === 409) return 'conflict';
  if (status === 400) return 'invalid';
  return status >= 500 ? 'unavailable' : `http_${status}`;
}

/** Starts a payment at `route` (the body is that route's request type). */
export function startPayment<R extends PaymentRoute>(
  companion: string,
  route: R,
  body: PaymentRequests[R],
): Promise<SessionResponse> {
  // The shop's cookies say who the shopper is (the companion's resolveShopper): sent to another
  // origin only to pay with a saved card or to save one. A companion on the page's own origin
  // (mounted in the shop's app) gets them with every payment start, as any request of the page's
  // does: the shop's own mayOpenOrder may then ask its session who may open which order.
  const shopper = route === '/saved-card-payments' || ('save_card' in body && body.save_card);
  const url: `${string}${typeof WIDGET_API}${R}` = `${companion}/api${route}`;
  return call<SessionResponse>(url, {
    method: 'POST',
    body: JSON.stringify(body),
    credentials: shopper ? 'include' : 'same-origin',
  });
}

export function orderStatus(
  companion: string,
  orderRef: string,
  token: string,
): Promise<OrderStatusResponse> {
  const url: RouteUrl<'orderStatus'> = `${companion}/api/orders/${encodeURIComponent(orderRef)}`;
  return call<OrderStatusResponse>(url, {
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
  const url: RouteUrl<'orderSummary'> = `${companion}/api/order-summaries/${encodeURIComponent(orderRef)}`;
  return call<OrderSummaryResponse>(`${url}?${query}`, { signal });
}
