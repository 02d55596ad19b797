/**
 * The playground's page (`/playground`): a heading, and a slot its own bundle
 * (`/bundles/playground.js`, demo/playground/) fills with the controls, the live element and its
 * code, bringing its own styles. No other page loads that bundle. The page tells the bundle what the shop
 * has: the sample orders (one per currency of the catalogue), the ways to pay its companion
 * offers, and the demo shopper, so none of them is written twice.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CATALOGUE } from './catalogue.ts';
import { jsonBlock, layout, type PageConfig } from './pages.ts';
import { PAYMENT_OPTIONS } from './payment-options.ts';
import type { LocaleChoice, PlaygroundData, SampleOrder } from './playground/data.ts';
import { DEMO_SHOPPER } from './sign-in.ts';

/** The first product of each currency that is bought once (a subscription is not a sample). */
function sampleOrders(): SampleOrder[] {
  const orders = new Map<string, SampleOrder>();
  for (const { currency, sku, name, price, subscription } of CATALOGUE)
    if (!subscription && !orders.has(currency))
      orders.set(currency, { currency, sku, name, price });
  return [...orders.values()];
}

/** Whether a language is written right to left, by Intl's locale data. */
function rightToLeft(tag: string): boolean {
  const locale = new Intl.Locale(tag) as Intl.Locale & {
    getTextInfo?: () => { direction?: string };
    textInfo?: { direction?: string };
  };
  return (locale.getTextInfo?.() ?? locale.textInfo)?.direction === 'rtl';
}

/**
 * The installed widget's locales (`LOCALES`, from its built module, as the pages get it), each
 * named in English and in itself: `German (Deutsch)`, `Arabic (العربية), right to left`.
 */
export async function localeChoices(): Promise<LocaleChoice[]> {
  // By the package's own exports: under tsx, the name alone would resolve to the sources.
  const manifest = createRequire(import.meta.url).resolve('acquiring-checkout/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as {
    exports: { '.': { default: string } };
  };
  const built = join(dirname(manifest), exports['.'].default);
  const widget = (await import(pathToFileURL(built).href)) as typeof import('acquiring-checkout');
  const english = new Intl.DisplayNames(['en'], { type: 'language' });
  return widget.LOCALES.map((tag) => {
    const name = english.of(tag) ?? tag;
    const own = new Intl.DisplayNames([tag], { type: 'language' }).of(tag) ?? tag;
    const both = own === name ? name : `${name} (${own})`;
    return { tag, label: rightToLeft(tag) ? `${both}, right to left` : both };
  });
}

export function playgroundPage(
  config: PageConfig,
  integrity: string,
  locales: LocaleChoice[],
): string {
  const data: PlaygroundData = {
    locales,
    orders: sampleOrders(),
    methods: PAYMENT_OPTIONS.paymentMethods,
    shopper: { ...DEMO_SHOPPER },
  };
  return layout(
    'Checkout playground',
    '/playground',
    `<main class="playground">
  <h1>Playground</h1>
  <p class="lead">The checkout element, live, beside its settings, with the code that makes it. Pay pays against the sandbox, as in the shop. The page's address keeps the settings: share it to share them.</p>
  <div id="playground" class="playground-root"><p class="hint">Loading the playground…</p></div>
</main>
${jsonBlock('playground-data', data)}`,
    // Low: a module script is fetched at high priority, ahead of what the first paint needs.
    ['<script type="module" src="/bundles/playground.js" fetchpriority="low"></script>'],
    {
      companion: config.companion,
      integrity,
      ...(config.space ? { space: config.space } : {}),
      ...(config.shopper === undefined
        ? {}
        : { shopper: config.shopper ? 'signed-in' : 'signed-out' }),
    },
    // The playground has a sign-in switch of its own, which keeps the page's settings.
    { ...config, shopper: undefined },
  );
}
