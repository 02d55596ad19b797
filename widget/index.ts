/**
 * `<acquiring-checkout>`: importing this module registers the element (once, however often it
 * is imported). Safe to import on a server: nothing touches the DOM until the element connects.
 */
export { AcquiringCheckout, defineAcquiringCheckout } from './checkout-element.ts';
export * from './events.ts';
export { CheckoutError } from './companion-client.ts';
export type { DataCollection } from './device-data.ts';
export type {
  DeviceData,
  Shopper,
  OrderStatus,
  SessionResponse,
  OrderStatusResponse,
} from './contract.ts';
export { MESSAGES, type Messages } from './messages.ts';
