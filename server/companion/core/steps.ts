/**
 * The durable steps of a payment and of an operation, published on a Node diagnostics channel
 * (`acquiring-checkout:step`) as each is reached. Nothing listens unless something subscribes
 * (`diagnostics_channel.subscribe('acquiring-checkout:step', listener)`), and then it costs a
 * check of `hasSubscribers`. A subscriber is called synchronously, at the step itself: tracing
 * can mark it, and the crash matrix's harness kills the process there to prove that a crash at
 * any step leaves no order stuck, mis-marked or charged twice.
 */
import { channel } from 'node:diagnostics_channel';

export type DurableStep =
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

/** The channel's name. */
export const STEPS_CHANNEL = 'acquiring-checkout:step';

const steps = channel(STEPS_CHANNEL);

/** Publishes `step` to the channel's subscribers, if there are any. */
export function reached(step: DurableStep): void {
  if (steps.hasSubscribers) steps.publish(step);
}
