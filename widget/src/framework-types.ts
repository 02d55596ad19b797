/**
 * What the framework typings (`react.ts`, `vue.ts`) say about `<acquiring-checkout>`, derived from
 * the element's class and its event classes so that they cannot drift from the code.
 */
import type { LitElement } from 'lit';
import type { AcquiringCheckout } from './checkout-element.ts';
import type * as events from './events.ts';

/** The element's own public properties: not LitElement's, not its methods, not its `_` state. */
type PropertyName = {
  [K in keyof AcquiringCheckout]-?: K extends keyof LitElement | `_${string}`
    ? never
    : AcquiringCheckout[K] extends (...args: never[]) => unknown
      ? never
      : K;
}[keyof AcquiringCheckout];

/** Those properties, each optional, with its type and its TSDoc. */
export type CheckoutProperties = Partial<Pick<AcquiringCheckout, PropertyName>>;

/** The element's events by name: `'acquiring-result'` → `CheckoutResultEvent`, and so on. */
export type CheckoutEventMap = {
  [K in keyof typeof events as (typeof events)[K]['type']]: InstanceType<(typeof events)[K]>;
};
