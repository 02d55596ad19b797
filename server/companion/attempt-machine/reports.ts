/**
 * What the service's word does to an order and its current attempt, decided from them alone: the
 * answer to a session's request (`onServiceAnswer`), a query's answer, a notification or a
 * merchant operation's result (`onReport`), and the reconciliation job's expiry (`onDue`,
 * `onExpiry`). Pure, so every case is a line of a test; create-at-service.ts, reconcile.ts,
 * notifications.ts and the operations carry out what they answer (apply-report.ts).
 */
import type { OrderStatus } from 'acquiring-checkout/contract';
import {
  isPaid,
  isReported,
  isUnpaidEnd,
  needsAuthentication,
  QUERIED,
  statusOfOrderStatus,
  takesReport,
} from './order-status.ts';
import type { PaymentMode } from './decide.ts';
import { isInterrupted, moveOf, takesNews, type AttemptState, type Move } from './transitions.ts';

/** What the machine reads of an order's current attempt. */
export interface AttemptFacts {
  state: AttemptState;
  mode: PaymentMode;
  created_at: number;
  /** Why its request to the service failed (the gateway error's code), if it did. */
  error: string | null;
  page_html: string | null;
  issuer_url: string | null;
}

/** The clock, and how long an attempt's request to the service may still be on its way. */
export interface Clock {
  now: number;
  recoverAfterMs: number;
}

/** What a session's request to the service came to (create-at-service.ts). */
export type ServiceAnswer =
  /** A checkout's page, or a payment method's issuer address: the service holds it pending. */
  | { kind: 'page' | 'issuer' }
  /** A direct card payment's result. */
  | { kind: 'card'; order_status: string; result_info: string; threeds_result?: string }
  /** Nothing was sent; the service refused it; or nobody knows what the service did. */
  | { kind: 'not sent' | 'refused' | 'outcome unknown' };

/** The attempt's event, and its order's status, for the answer to its request. */
export function onServiceAnswer(answer: ServiceAnswer): Move {
  switch (answer.kind) {
    case 'page':
    case 'issuer':
      return moveOf('answered', 'pending');
    case 'card': {
      if (needsAuthentication(answer.result_info, answer.threeds_result))
        return moveOf('needs-authentication');
      const status = statusOfOrderStatus(answer.order_status, answer.result_info);
      return moveOf(isUnpaidEnd(status) ? 'refused' : 'answered', status);
    }
    case 'outcome unknown':
      return moveOf('lost');
    default:
      return moveOf('refused', 'failed');
  }
}

/** The service's word about an order's current attempt. */
export type Word =
  /** A query found no record of it. */
  | { found: false }
  /** Its `payment_status`, as a query, a notification or an operation's result gives it. */
  | { found: true; status: string };

export type ReportStep =
  /** Nothing to record: no news, or news that is not the service's to give yet. */
  | { step: 'ignore' }
  /** The order takes the status; its attempt stays as it is. */
  | { step: 'record'; status: OrderStatus }
  /** The attempt and its order move together. */
  | { step: 'settle'; move: Move };

/** A request to the service that answered (5xx, bad signature, unreadable body) is over. */
const ANSWERED = ['service_error', 'signature_invalid', 'malformed_response'];

/** Whether nothing of the attempt's request can still be on its way to the service. */
const requestOver = (attempt: AttemptFacts, clock: Clock): boolean =>
  // Stryker disable next-line StringLiteral: a null error's stand-in need only be absent from ANSWERED
  ANSWERED.includes(attempt.error ?? '') || clock.now - attempt.created_at > clock.recoverAfterMs;

/** What the shopper needs to go on with a pending attempt: its page, or the issuer's address. */
function canContinue(attempt: AttemptFacts): boolean {
  if (attempt.mode === 'checkout') return attempt.page_html !== null;
  if (attempt.mode === 'apm') return attempt.issuer_url !== null;
  return true;
}

/** What an interrupted attempt does with the service's `status` for it. */
function interrupted(attempt: AttemptFacts, status: OrderStatus, clock: Clock): ReportStep {
  // Still `creating` within its window, its own request may yet record its page: only an end
  // (paid or not), which needs no page, is taken now.
  const running = attempt.state === 'creating' && !requestOver(attempt, clock);
  if (status === 'pending' && running) return { step: 'ignore' };
  // The service holds it, but its page or issuer address is lost: nobody can pay it.
  if (status === 'pending' && !canContinue(attempt))
    return { step: 'settle', move: moveOf('unpayable') };
  return { step: 'settle', move: moveOf(isUnpaidEnd(status) ? 'adopted-over' : 'adopted', status) };
}

/**
 * What the service's `word` about the current attempt of an order in `status` does: nothing, the
 * order's status, or an event of the attempt. Only the service's own word moves an order, and
 * only forward (the order table); an interrupted attempt it turns out to have is live again, or
 * over; one it has no record of, whose request cannot still arrive, never arrived.
 */
export function onReport(
  status: OrderStatus,
  attempt: AttemptFacts | undefined,
  word: Word,
  clock: Clock,
): ReportStep {
  const open = attempt !== undefined && isInterrupted(attempt.state);
  if (!word.found)
    return open && requestOver(attempt, clock)
      ? { step: 'settle', move: moveOf('never-arrived') }
      : { step: 'ignore' };
  const reported = word.status;
  if (!isReported(reported) || !takesReport(status, reported)) return { step: 'ignore' };
  if (open) return interrupted(attempt, reported, clock);
  if (attempt && !takesNews(attempt.state, isPaid(reported))) return { step: 'ignore' };
  // A page or payment method that ended unpaid: its attempt is over, the next one may start.
  if (attempt?.state === 'ready' && isUnpaidEnd(reported))
    return { step: 'settle', move: moveOf('ended', reported) };
  return { step: 'record', status: reported };
}

/** The order's status after `step`, if it gives one. */
export function statusAfter(step: ReportStep): OrderStatus | undefined {
  if (step.step === 'record') return step.status;
  return step.step === 'settle' ? step.move.status : undefined;
}

/** What a query came to, as the reconciliation job counts it (and the metrics label it). */
export type Settlement =
  'settled' | 'unchanged' | 'never-arrived' | 'abandoned' | 'expired' | 'query-failed';

/** The settlement of a step carried out (`written`: it changed the store). */
export function settlementOf(step: ReportStep, written: boolean): Settlement {
  if (!written || step.step === 'ignore') return 'unchanged';
  if (step.step === 'record') return 'settled';
  if (step.move.event === 'never-arrived') return 'never-arrived';
  if (step.move.event === 'unpayable') return 'abandoned';
  return step.move.event === 'expired' ? 'expired' : 'settled';
}

/**
 * What the reconciliation job does with a due order whose current attempt was made at
 * `attemptAt`: a query, or past the attempt's lifetime one last query and then `onExpiry`.
 */
export const onDue = (attemptAt: number, now: number, ttlMs: number): 'query' | 'last look' =>
  now - attemptAt > ttlMs ? 'last look' : 'query';

/** After the last look: the move that expires an order still in `status`, if it is still open. */
export const onExpiry = (status: OrderStatus): Move | undefined =>
  QUERIED.includes(status) ? moveOf('expired') : undefined;
