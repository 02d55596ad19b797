/**
 * The companion's routes that the widget calls, by name: one table. The companion's router
 * (server/companion/http/routes/) reads it, the widget's calls (companion-client.ts, wallet.ts,
 * wallet-controller.ts) are typed by it (`RouteUrl`: types only, so it costs the script-tag file
 * no bytes), and a test holds the server README's route table to it. Paths are under
 * `WIDGET_API`, written as Express writes them (`:order_ref` is a parameter).
 */

/** Where the companion mounts the widget's routes. */
export const WIDGET_API = '/api';

export const WIDGET_ROUTES = {
  /** POST: starts (or asks again for) a checkout session, the hosted page in a frame. */
  checkoutSessions: '/checkout-sessions',
  /** POST: starts an APM payment: the answer's issuer_url is where the shopper goes. */
  apmPayments: '/apm-payments',
  /** POST: a direct card payment (only when the merchant enabled them). */
  cardPayments: '/card-payments',
  /** POST: a direct payment with one of the signed-in shopper's saved cards. */
  savedCardPayments: '/saved-card-payments',
  /** GET, with the order's status token: its status. */
  orderStatus: '/orders/:order_ref',
  /** GET: what the widget shows before Pay (amount, instalments, ranked methods). */
  orderSummary: '/order-summaries/:order_ref',
  /** GET: the signed-in shopper's saved cards. */
  savedCards: '/saved-cards',
  /** DELETE: removes one of them. */
  savedCard: '/saved-cards/:card_id',
  /**
   * POST: the page prepared before Pay (posted out of sight by the widget into its frame from the
   * session's `page_form`) is shown now: its attempt is
   * opened, never replaced from then on. 204; 410 when it was replaced or expired meanwhile (the
   * widget then opens a fresh page).
   */
  pageOpened: '/pages/:token/opened',
} as const;

export type WidgetRoute = keyof typeof WIDGET_ROUTES;

/** A path with its parameter filled in: `/orders/${string}` for `/orders/:order_ref`. */
type Filled<P extends string> = P extends `${infer Head}:${string}` ? `${Head}${string}` : P;

/**
 * The address of `route` at a companion (`https://pay.shop.example/api/orders/R-1`). The widget
 * writes its addresses as text typed by this, importing only types from here: a path that drifts
 * from the table fails to compile, and the script-tag file carries no table.
 */
export type RouteUrl<K extends WidgetRoute> =
  `${string}${typeof WIDGET_API}${Filled<(typeof WIDGET_ROUTES)[K]>}`;
