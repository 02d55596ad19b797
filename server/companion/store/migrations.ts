/**
 * The migrations that make the companion's tables (schema.ts), run in order by kysely's migrator
 * when a store opens (database.ts): the same on SQLite and PostgreSQL.
 */
import type { Kysely, Migration } from 'kysely';
import { AUDIT_ANSWERS_MIGRATION, AUDIT_MIGRATION } from './audit-schema.ts';

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
