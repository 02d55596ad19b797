/**
 * What the payment and settlement layers share: their context (the store, the gateway client,
 * the log, the metrics), problems (errors answered as application/problem+json), the tokens the
 * companion derives and hands out, the durable steps published for tracing and the crash matrix,
 * and the per-order recoveries under way. May import observability, store, attempt-machine and
 * config.
 */
export { type Context } from './context.ts';
export {
  amountOr400,
  parseOr400,
  Problem,
  problemOfGatewayError,
  refusal,
  sendProblem,
  signatureRefused,
  unknownOrder,
} from './problem.ts';
export { Recoveries, WAIT_BUDGET_MS } from './recoveries.ts';
export { type DurableStep, reached, STEPS_CHANNEL } from './steps.ts';
export { RANDOM_TOKEN, randomToken, sameSecret, sha256, statusToken } from './tokens.ts';
