/**
 * `acquiring-checkout`: importing this module registers `<acquiring-checkout>` (once, however
 * often it is imported). Safe to import on a server: there it registers nothing and touches no
 * DOM (Lit's own Node build supplies the base class).
 */
import { defineAcquiringCheckout } from './define.ts';

export { AcquiringCheckout } from './checkout-element.ts';
export { defineAcquiringCheckout } from './define.ts';
export * from './events.ts';
export { CheckoutError } from './checkout-error.ts';
export type { DataCollection } from './device-data.ts';
export type {
  Address,
  DeviceData,
  Shopper,
  OrderStatus,
  SessionResponse,
  OrderStatusResponse,
  OrderSummaryResponse,
} from './protocol.ts';
export { english, LOCALES, loadMessages, type Locale, type Messages } from './messages.ts';
export {
  APPEARANCE_THEMES,
  type Appearance,
  type AppearanceTheme,
  type AppearanceVariables,
} from './appearance.ts';

defineAcquiringCheckout();
