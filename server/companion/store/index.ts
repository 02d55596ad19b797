/**
 * The order record, in SQLite or PostgreSQL through kysely: orders and attempts (written only
 * by the attempt machine's conditional updates), idempotency records, notifications, page tokens,
 * payouts, saved cards and the audit trail, and the schema they share. May import the attempt
 * machine (and config, below it).
 */
export { type NewAttempt, type PageToken } from './attempts.ts';
export { AUDIT_OUTCOMES, AuditLine, AuditResult } from './audit-schema.ts';
export { AUDIT_ID, type AuditAnswer, type AuditEntry, type AuditRequest } from './audit.ts';
export { type NotificationEntry } from './notifications.ts';
export { type NewOrder, type OrderPatch, type Written } from './orders.ts';
export { type Attempt, type Order } from './rows.ts';
export { type SavedCard } from './saved-cards.ts';
export { type Database, type PaymentMode } from './schema.ts';
export { CompanionStore } from './store.ts';
export { oddReason, oddText } from './text.ts';
