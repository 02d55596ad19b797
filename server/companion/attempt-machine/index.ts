/**
 * The attempt lifecycle as one table: the states of an order and its attempts, the events that
 * move them, and `decide` and `onReport`, which read it. Pure: it imports nothing of the
 * companion but config (below it), and the gateway's types.
 */
export { decide, type PaymentMode, type SessionAsk } from './decide.ts';
export {
  AFTER_OPERATION,
  afterRefund,
  awaitsService,
  isPaid,
  isReported,
  isUnpaidEnd,
  RECONCILED,
  statusesTaking,
  statusOfOrderStatus,
  WAITING,
} from './order-status.ts';
export {
  type Clock,
  onDue,
  onExpiry,
  onReport,
  onServiceAnswer,
  type ReportStep,
  type Settlement,
  settlementOf,
  statusAfter,
  type Word,
} from './reports.ts';
export {
  attemptAfter,
  type AttemptState,
  fromStates,
  type Move,
  orderGuardOf,
  orderStatusOf,
  toState,
} from './transitions.ts';
