/**
 * Named steps where a test may kill this process, to prove that a crash at any of them leaves no
 * order stuck, mis-marked or charged twice (test/server/companion/crash-matrix.test.ts). Nothing
 * happens unless ACQUIRING_CHECKOUT_CRASH_AT names the step; never set it outside such a test.
 */
export type FaultPoint =
  /** A session's attempt is claimed (creating), nothing sent to the service yet. */
  | 'session.claimed'
  /** The service answered a payment request; nothing recorded yet. */
  | 'session.answered'
  /** An operation's Idempotency-Key is taken (in progress), nothing sent yet. */
  | 'operation.begun'
  /** The service answered an operation (capture, refund, payout…); nothing recorded yet. */
  | 'operation.answered'
  /** A payout's request_id is stored, nothing sent yet. */
  | 'payout.recorded'
  /** A notification is stored, not yet acknowledged. */
  | 'notification.stored'
  /** A notification is acknowledged, not yet applied. */
  | 'notification.acknowledged';

const armed = process.env.ACQUIRING_CHECKOUT_CRASH_AT;

export function faultPoint(point: FaultPoint): void {
  if (armed === point) process.kill(process.pid, 'SIGKILL');
}
