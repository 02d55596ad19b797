/**
 * How the service's word settles an order, whoever brings it: a notification, reconciliation's
 * query, the answer to a payment or an operation. apply-report.ts writes what the attempt machine
 * made of it (and counts it); reconcile.ts asks the service; notifications.ts checks and applies
 * a notification; maintenance.ts runs both on a schedule and prunes old records. May import
 * core, observability, store, attempt-machine and config.
 */
export { applyReport } from './apply-report.ts';
export { cardBrand } from './card-saved.ts';
export { maintain } from './maintenance.ts';
export { applyNotification, applyPending, readNotification } from './notifications.ts';
export { clockOf, DEFAULT_RECOVER_AFTER_MS, reconcileAll, reconcileOrder } from './reconcile.ts';
