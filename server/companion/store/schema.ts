/**
 * The companion's tables, as kysely types and as one migration that runs the same on SQLite and
 * PostgreSQL. Amounts are whole minor units and times are milliseconds, both BIGINT.
 */
import type { Generated, Kysely, Migration } from 'kysely';
import type { OrderStatus } from 'acquiring-checkout/contract';

import type { AttemptState, PaymentMode } from '../attempt-machine/index.ts';
import {
  AUDIT_ANSWERS_MIGRATION,
  AUDIT_MIGRATION,
  type AuditTable,
  type AuditTargetsTable,
} from './audit-schema.ts';

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

export const MIGRATIONS: Record<string, Migration> = {
  '2026-11-22-initial': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('orders')
        .addColumn('order_ref', 'text', (c) => c.primaryKey())
        .addColumn('order_no', 'text')
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('captured', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('refunded', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('transaction_id', 'text')
        .addColumn('result_info', 'text')
        .addColumn('recurring_id', 'text')
        .addColumn('contract_name', 'text')
        .addColumn('token_id', 'text')
        .addColumn('status_token_hash', 'text', (c) => c.notNull())
        .addColumn('storefront_origin', 'text')
        .addColumn('storefront_return_url', 'text')
        .addColumn('last_sequence', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('orders_status')
        .on('orders')
        .columns(['status', 'updated_at'])
        .execute();
      await db.schema
        .createTable('attempts')
        .addColumn('order_no', 'text', (c) => c.primaryKey())
        .addColumn('order_ref', 'text', (c) => c.notNull().references('orders.order_ref'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('attempt_key', 'text', (c) => c.notNull())
        .addColumn('mode', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('page_html', 'text')
        .addColumn('issuer_url', 'text')
        .addColumn('error', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('attempts_order_seq', ['order_ref', 'seq'])
        .execute();
      await db.schema
        .createTable('page_tokens')
        .addColumn('token', 'text', (c) => c.primaryKey())
        .addColumn('order_no', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .execute();
      await db.schema
        .createTable('notifications')
        .addColumn('notification_id', 'text', (c) => c.primaryKey())
        .addColumn('order_no', 'text')
        .addColumn('event', 'text', (c) => c.notNull())
        .addColumn('sequence', 'integer', (c) => c.notNull())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('received_at', 'bigint', (c) => c.notNull())
        .addColumn('applied_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('notifications_order')
        .on('notifications')
        .column('order_no')
        .execute();
      await db.schema
        .createTable('operations')
        .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('body_hash', 'text', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('status_code', 'integer')
        .addColumn('response', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('payouts')
        .addColumn('idempotency_key', 'text', (c) => c.primaryKey())
        .addColumn('request_id', 'text', (c) => c.notNull().unique())
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('record', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
  '2026-11-23-subscription-status': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('subscription_status', 'text').execute();
    },
  },
  '2026-11-24-client-secret': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('client_secret_hash', 'text').execute();
    },
  },
  '2026-11-24-recovery': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('orders')
        .addColumn('next_check_at', 'bigint', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.alterTable('operations').addColumn('request', 'text').execute();
      await db.schema
        .createIndex('orders_next_check')
        .on('orders')
        .columns(['status', 'next_check_at'])
        .execute();
    },
  },
  '2026-11-24-notification-flags': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('notifications').addColumn('flag', 'text').execute();
    },
  },
  '2026-11-25-payout-reference': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('payouts').addColumn('reference', 'text').execute();
      await db.schema.createIndex('payouts_reference').on('payouts').column('reference').execute();
    },
  },
  '2026-11-26-attempt-details': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('attempts').addColumn('details', 'text').execute();
    },
  },
  '2026-11-26-prepared-sessions': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('attempts').addColumn('request_hash', 'text').execute();
      await db.schema.alterTable('attempts').addColumn('opened_at', 'bigint').execute();
    },
  },
  '2026-11-26-saved-cards': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('saved_cards')
        .addColumn('card_id', 'text', (c) => c.primaryKey())
        .addColumn('shopper_id', 'text', (c) => c.notNull())
        .addColumn('token_id', 'text', (c) => c.notNull())
        .addColumn('brand', 'text', (c) => c.notNull())
        .addColumn('last4', 'text', (c) => c.notNull())
        .addColumn('expiry_month', 'text', (c) => c.notNull())
        .addColumn('expiry_year', 'text', (c) => c.notNull())
        .addColumn('consent_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .addUniqueConstraint('saved_cards_shopper_token', ['shopper_id', 'token_id'])
        .execute();
    },
  },
  '2026-11-27-audit': AUDIT_MIGRATION,
  '2026-11-28-audit-answers': AUDIT_ANSWERS_MIGRATION,
};
