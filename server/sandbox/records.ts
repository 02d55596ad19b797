/** What the sandbox keeps: one interface per kind of record in the store, and each merchant's faults. */
import type {
  OrderStatus,
  PaymentStatus,
  PayoutStatus,
  RecurringStatus,
  RiskAction,
  PayoutRequest,
  Subscription as SubscriptionRequest,
} from '../gateway/index.ts';

export interface HistoryEntry {
  at: number;
  event: string;
  from: PaymentStatus | null;
  to: PaymentStatus;
}

/** A payment at the sandbox. Amounts are whole minor units. */
export interface Order {
  transaction_id: string;
  merchant_id: string;
  account_id: string;
  order_no: string;
  kind: 'direct' | 'apm' | 'checkout' | 'recurring';
  currency: string;
  amount: number;
  captured: number;
  refunded: number;
  payment_status: PaymentStatus;
  order_status: OrderStatus;
  result_info: string;
  is3ds: '0' | '1';
  risk_action: RiskAction;
  risk_score: string;
  card?: string;
  token_id?: string;
  payment_method?: string;
  recurring_id?: string;
  notify_url?: string;
  return_url?: string;
  /** The request's fields the query echoes (shopper, delivery, the service, note). */
  echo: Record<string, string>;
  /** The order and risk data it was sent with (order-data.ts): items, breakdown, cart, account… */
  details?: Record<string, unknown>;
  /** The subscription asked for, started once the payment succeeds. */
  subscription?: SubscriptionRequest;
  created_at: number;
  /** Numbers the notifications of this order, so a receiver can tell their order. */
  sequence: number;
  history: HistoryEntry[];
}

/** A checkout or APM session: the shopper's way to the hosted or issuer page. */
export interface Session {
  token: string;
  kind: 'checkout' | 'apm';
  transaction_id: string;
  merchant_id: string;
  return_url?: string;
  expires_at: number;
  /** The card entered on the hosted page, while 3-D Secure is pending; or the stored card's. */
  card?: string;
  expiry?: CardExpiry;
  token_flag?: boolean;
  /** The checkout named a stored card (`token_id`): `card` is that card's. */
  stored_card?: boolean;
  /** The language the shopper's pages speak: the request's `browser_lang` (page-texts.ts). */
  lang?: string;
}

/** A card's expiry: `MM` and `YYYY`. */
export interface CardExpiry {
  month: string;
  year: string;
}

export interface CardToken {
  token_id: string;
  merchant_id: string;
  card: string;
}

export interface Subscription {
  recurring_id: string;
  merchant_id: string;
  account_id: string;
  transaction_id: string;
  contract_name: string;
  currency: string;
  amount: number;
  interval: 'day' | 'week' | 'month' | 'year';
  interval_count: number;
  /** Charges in all, the first one included; undefined for no end. */
  billing_cycle?: number;
  charges: number;
  last_charge_at: number;
  next_charge_at: number | null;
  status: RecurringStatus;
  notify_url?: string;
}

export interface Refund {
  refund_reference: string;
  refund_reference_id: string;
  merchant_id: string;
  transaction_id: string;
  order_no: string;
  currency: string;
  amount: number;
  refund_amount: number;
  refund_reason: string;
  created_at: number;
}

export interface Payout {
  merchant_id: string;
  request_id: string;
  /** SHA-256 of the request without its signature: the same request_id with another body is refused. */
  body_hash: string;
  /** The payout record the interface answers: the request (unsigned) and what the sandbox adds. */
  record: Omit<PayoutRequest, 'encryption_data'> & Record<string, unknown>;
  status: PayoutStatus;
  settle_at: number | null;
  sequence: number;
}

/** Per-merchant fault knobs (the admin route sets them). Counts are used up one request at a time. */
export interface Faults {
  delay_ms?: number;
  /** Close the connection without answering, before acting. */
  drop_connection?: number;
  /** Act, then close the connection without answering: the merchant cannot know the outcome. */
  drop_after_acting?: number;
  /** Answer HTTP 500 without acting. */
  status_5xx?: number;
  /** Sign responses with a wrong key. */
  bad_signature?: number;
  /** Notifications that are not sent (each counts as a failed attempt and is retried). */
  drop_notifications?: number;
  /** The hosted payment page refuses to be framed. */
  deny_framing?: boolean;
}
