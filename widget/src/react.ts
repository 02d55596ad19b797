/**
 * `acquiring-checkout/react`: types `<acquiring-checkout>` in React 19 TSX, so that a wrong
 * attribute value (`mode="cash"`, `frame-timeout={{}}`) is a compile error. Types only; opt in
 * once, in any file of the app or in tsconfig's `types`:
 *
 * ```ts
 * import type {} from 'acquiring-checkout/react';
 * ```
 *
 * React 19 gives a custom element each prop as a property when the element has one, else as an
 * attribute, and a prop named `on` + an event's name (`onacquiring-result`) as a listener for that
 * event. So the element takes:
 * - its attributes in kebab-case, typed as their properties (`order-ref`, `frame-timeout={15000}`):
 *   the names work before the element is registered too;
 * - `shopper`, an object, which is a property only: register the element (import
 *   `acquiring-checkout`) before React renders it;
 * - its events as `onacquiring-ready`, `onacquiring-result`, … with the event's own class.
 *
 * TypeScript does not check hyphenated names it does not know (`order-reff="…"` is not an error);
 * the names above are checked, with their values.
 */
import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { AcquiringCheckout } from './checkout-element.ts';
import type { CheckoutEventMap, CheckoutProperties } from './framework-types.ts';

/** `orderRef` → `order-ref`: the element's attributes are its properties' names in kebab-case. */
type KebabCase<S extends string> = S extends `${infer C}${infer Rest}`
  ? `${C extends Lowercase<C> ? C : `-${Lowercase<C>}`}${KebabCase<Rest>}`
  : S;

/** The props of `<acquiring-checkout>` in TSX: React's own, the attributes and the events. */
export type AcquiringCheckoutProps = DetailedHTMLProps<
  HTMLAttributes<AcquiringCheckout>,
  AcquiringCheckout
> & {
  [K in keyof CheckoutProperties as KebabCase<K>]: CheckoutProperties[K];
} & {
  [K in keyof CheckoutEventMap as `on${K}`]?: (event: CheckoutEventMap[K]) => void;
};

declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- React's own JSX types are a namespace
  namespace JSX {
    interface IntrinsicElements {
      /** The checkout: see `AcquiringCheckout` in `acquiring-checkout`. */
      'acquiring-checkout': AcquiringCheckoutProps;
    }
  }
}
