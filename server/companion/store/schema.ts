/**
 * The companion's tables, as kysely types (the migrations that make them, the same on SQLite and
 * PostgreSQL, are migrations.ts). Amounts are whole minor units and times are milliseconds, both
 * BIGINT.
 */
import type { Generated } from 'kysely';
import type { OrderStatus } from 'acquiring-checkout/contract';

import type { AttemptState, PaymentMode } from '../attempt-machine/index.ts';
import type { AuditTable, AuditTargetsTable } from './audit-schema.ts';

// The attempt's states and what moves them: attempt-machine/transitions.ts.
export type { AttemptState, PaymentMode };

export interface OrdersTable {
  order_ref: string;
  /** The gateway order number of the current attempt: `<order_ref>-<n>`. */
  order_no: string | null;
  status: OrderStatus;
  mode: PaymentMode;
  amount: number;
  currency: string;
  captured: number;
  refunded: number;
  transaction_id: string | null;
  result_info: string | null;
  recurring_id: string | null;
  contract_name: string | null;
  /** The subscription's recurring_status once it is not active any more (cancelled, completed). */
  subscription_status: string | null;
  token_id: string | null;
  /** SHA-256 of the widget's status token: the token itself is never stored. */
  status_token_hash: string;
  /** SHA-256 of the client secret of the widget that first asked to pay it: only it may go on. */
  client_secret_hash: string | null;
  storefront_origin: string | null;
  storefront_return_url: string | null;
  /** The highest notification sequence applied, so an older one cannot undo a newer one. */
  last_sequence: number;
  /** When reconciliation may next ask the service about it; it backs off as the order ages. */
  next_check_at: Generated<number>;
  attempts: number;
  created_at: number;
  updated_at: number;
}

export interface AttemptsTable {
  order_no: string;
  order_ref: string;
  seq: number;
  attempt_key: string;
  mode: PaymentMode;
  state: AttemptState;
  page_html: string | null;
  issuer_url: string | null;
  error: string | null;
  created_at: number;
  /** JSON: the order and risk data sent with the attempt (no card data), for the console. */
  details: string | null;
  /**
   * SHA-256 of what the request asked the service for (request-hash.ts): a request for the same
   * order asking for something else gets a fresh attempt while this one is unopened. Null on
   * attempts from before it was kept: those match any request.
   */
  request_hash: string | null;
  /** When its payment page was first served (`/pay/:token`): from then on it is never replaced. */
  opened_at: number | null;
}

export interface PageTokensTable {
  token: string;
  order_no: string;
  expires_at: number;
  used_at: number | null;
}

export interface NotificationsTable {
  notification_id: string;
  order_no: string | null;
  event: string;
  sequence: number;
  body: string;
  received_at: number;
  /** When it was applied, or set aside as flagged: processed either way. */
  applied_at: number | null;
  /** Why it was not applied: it did not match its order (amount, currency, merchant…). */
  flag: string | null;
}

export interface OperationsTable {
  idempotency_key: string;
  route: string;
  body_hash: string;
  state: 'in_progress' | 'done';
  /** The request's body, so an operation interrupted by a crash can be settled afterwards. */
  request: string | null;
  status_code: number | null;
  response: string | null;
  created_at: number;
}

export interface PayoutsTable {
  idempotency_key: string;
  request_id: string;
  body: string;
  status: string;
  record: string | null;
  created_at: number;
  updated_at: number;
  /** The payout's own `reference`, if it has one: the operations API lists by it. */
  reference: string | null;
}

/** A shopper's card stored at the service (its token), saved with the shopper's consent. */
export interface SavedCardsTable {
  /** The widget's handle of the card (`sc_…`): the token itself never leaves the server. */
  card_id: string;
  /** The merchant's id of the shopper, from resolveShopper. */
  shopper_id: string;
  token_id: string;
  brand: string;
  last4: string;
  expiry_month: string;
  expiry_year: string;
  /** When the shopper ticked "Save this card", as the payment that saved it was made. */
  consent_at: number;
  created_at: number;
  last_used_at: number | null;
}

export interface Database {
  orders: OrdersTable;
  attempts: AttemptsTable;
  page_tokens: PageTokensTable;
  notifications: NotificationsTable;
  operations: OperationsTable;
  payouts: PayoutsTable;
  saved_cards: SavedCardsTable;
  audit: AuditTable;
  audit_targets: AuditTargetsTable;
}
