/**
 * The typed client of the acquiring service: schemas, money, signing, wire formats, errors and
 * `GatewayClient`. Server-side only (it uses node:crypto).
 */
export * from './client.ts';
export * from './client-types.ts';
export * from './errors.ts';
export * from './money.ts';
export * from './signing.ts';
export * from './statuses.ts';
export * from './wire.ts';
export * from './html.ts';
export * from './json-depth.ts';
export {
  OPERATIONS,
  OPERATION_NAMES,
  type Operation,
  type OperationName,
  type Operations,
  type RequestOf,
  type ResultOf,
  type RetrySafety,
} from './operations.ts';
export * from './schemas/formats.ts';
export * from './schemas/payment.ts';
export * from './schemas/batch.ts';
export * from './schemas/payout.ts';
export * from './payout-amounts.ts';
export * from './cpf.ts';
export * from './notification-signature.ts';
export * from './schemas/notification.ts';
