/**
 * What the demo server tells the playground page (demo/playground-page.ts writes it as a JSON data
 * block; main.ts reads it): the locales' names, the shop's sample orders, the ways to pay its
 * companion offers, and the demo shopper. Types only, no DOM: the server imports them too.
 */

/** One sample order per currency: a product of the catalogue, bought once. */
export interface SampleOrder {
  currency: string;
  sku: string;
  name: string;
  /** A decimal string, as the catalogue has it. */
  price: string;
}

/** A way to pay the demo's companion offers besides the card (demo/payment-options.ts). */
export interface OfferedMethod {
  method: string;
  /** The currencies it takes; any when absent. */
  currencies?: readonly string[];
}

/** One of the widget's locales, as the locale select shows it: `de: German (Deutsch)`. */
export interface LocaleChoice {
  tag: string;
  label: string;
}

export interface PlaygroundData {
  /**
   * The widget's locales, named by the server's Intl: the browser takes long to load the language
   * names the first time (60 ms here), which would hold the page up as it starts.
   */
  locales: LocaleChoice[];
  orders: SampleOrder[];
  methods: OfferedMethod[];
  /** What the shop knows of its signed-in demo shopper, prefilled as the storefront does. */
  shopper: Record<string, string>;
}
