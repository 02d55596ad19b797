/**
 * `acquiring-checkout/vue`: types `<acquiring-checkout>` in Vue 3 templates for `vue-tsc` and Vue's
 * editor tools, so that a wrong attribute value (`mode="cash"`, `:frame-timeout="{}"`) is a compile
 * error. Types only; opt in once, in any file of the app or in tsconfig's `types`:
 *
 * ```ts
 * import type {} from 'acquiring-checkout/vue';
 * ```
 *
 * As Vue's guide recommends for custom elements not built with Vue, the element is a global
 * component whose `$props` are its properties. Vue camelizes an attribute's name and, the element
 * having that property, sets the property: `order-ref="…"`, `:frame-timeout="15000"` (a number:
 * `frame-timeout="15000"` would be a string), `:shopper="{ email }"`. Its events are
 * `@acquiring-result="…"` and the like, with the event's own class. Tell Vue's compiler that the
 * tag is not a Vue component: `compilerOptions.isCustomElement: (tag) => tag === 'acquiring-checkout'`.
 *
 * Names Vue does not know are not errors (`:order-reff="…"`); the names above are checked, with
 * their values.
 */
import type { AcquiringCheckout } from './checkout-element.ts';
import type { CheckoutEventMap, CheckoutProperties } from './framework-types.ts';

/** `acquiring-frame-mounted` → `acquiringFrameMounted`, as Vue names an event's handler prop. */
type CamelCase<S extends string> = S extends `${infer Head}-${infer Tail}`
  ? `${Head}${Capitalize<CamelCase<Tail>>}`
  : S;

/** The props of `<acquiring-checkout>` in a Vue template: its properties and its events. */
export type AcquiringCheckoutProps = CheckoutProperties & {
  [K in keyof CheckoutEventMap as `on${Capitalize<CamelCase<K>>}`]?: (
    event: CheckoutEventMap[K],
  ) => void;
};

// Vue is the app's, not a dependency of this package, so the widget's own build cannot resolve it;
// the emitted declaration has no such comment, and in an app with Vue the augmentation applies.
// @ts-expect-error -- no `vue` here; remove this line if the repository ever installs it.
declare module 'vue' {
  interface GlobalComponents {
    /** The checkout: see `AcquiringCheckout` in `acquiring-checkout`. */
    'acquiring-checkout': new () => AcquiringCheckout & {
      /** @deprecated For template type-checking only: the element has no `$props`. */
      $props: AcquiringCheckoutProps;
    };
  }
}
