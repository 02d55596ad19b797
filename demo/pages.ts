/**
 * The demo's pages. No inline script and no style attribute anywhere (the storefront's CSP forbids
 * them): the pages carry their settings in data attributes and the catalogue in a JSON data block.
 * The one inline part is the pages' stylesheet, which the CSP allows by its hash.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from 'acquiring-checkout-server/gateway';
import { CATALOGUE } from './catalogue.ts';
import { PUBLIC_DIR } from './paths.ts';

/**
 * The pages' stylesheet (public/demo.css), in each page's head. Linked, it held up the first
 * paint by a request after the page's own (Lighthouse's render-blocking request, on the
 * storefront, the playground and the console alike); at 9 kB (under 3 kB compressed) it costs
 * the page less than that request did.
 */
const STYLESHEET = readFileSync(join(PUBLIC_DIR, 'demo.css'), 'utf8');

/** A CSP source allowing exactly one inline script or style: its SHA-256 (CSP Level 2). */
export const hashSource = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

/** The CSP source of the pages' inline stylesheet: the storefront's policy allows it alone. */
export const STYLESHEET_SOURCE = hashSource(STYLESHEET);

export interface PageConfig {
  companion: string;
  /** The acquiring service's origin: the hosted payment page comes from there. */
  service?: string | undefined;
  /** The visitor's space in a public demo: it heads the page's order references. */
  space?: string | undefined;
  /** Whether the demo shopper is signed in (sign-in.ts); undefined: the demo has no sign-in. */
  shopper?: boolean | undefined;
}

/** Each link's short label, and what it adds on a wide screen (hidden on a phone). */
const NAV = [
  ['/', 'Shop', ' (script tag)'],
  ['/spa', 'SPA', ' (ESM import)'],
  ['/react', 'React', ' 19'],
  ['/console', 'Console', ''],
  ['/playground', 'Playground', ''],
] as const;

/** What each page says of itself to search engines and link previews. */
const DESCRIPTION = 'A demo shop paying through the acquiring-checkout widget, against a sandbox.';

/**
 * The demo shopper's sign-in, in the sandbox banner (a demo's, like the test cards): a button that
 * posts to this server, which sets or clears the cookie the companion reads (sign-in.ts).
 */
function signInForm(current: string, config?: PageConfig): string {
  if (config?.shopper === undefined) return '';
  const [action, said, button] = config.shopper
    ? [
        'out',
        'Signed in as Ada, the demo shopper: her saved cards show in the checkout.',
        'Sign out',
      ]
    : ['in', 'Saved cards are for signed-in shoppers.', 'Sign in as demo shopper'];
  return `<form class="demo-sign-in" method="post" action="/demo/sign-${action}"><input type="hidden" name="back" value="${current}"><span>${said}</span> <button type="submit">${button}</button></form>`;
}

/**
 * Connections opened while the page loads, before Pay needs them: the companion's for the
 * widget's calls (CORS, no credentials: `crossorigin`) and for its frame's page (a navigation),
 * and the service's for the hosted page the frame goes on to.
 */
function preconnects(config?: PageConfig): string {
  if (!config) return '';
  const companion = escapeHtml(new URL(config.companion).origin);
  const links = [
    `<link rel="preconnect" href="${companion}" crossorigin="anonymous">`,
    `<link rel="preconnect" href="${companion}">`,
  ];
  if (config.service)
    links.push(`<link rel="preconnect" href="${escapeHtml(new URL(config.service).origin)}">`);
  return links.map((link) => `${link}\n`).join('');
}

export function layout(
  title: string,
  current: string,
  body: string,
  scripts: string[],
  data = {},
  config?: PageConfig,
): string {
  const attributes = Object.entries(data)
    .map(([name, value]) => ` data-${name}="${escapeHtml(String(value))}"`)
    .join('');
  const nav = NAV.map(
    ([href, label, more]) =>
      `<a href="${href}"${href === current ? ' aria-current="page"' : ''}>${label}${more && `<span class="wide">${more}</span>`}</a>`,
  ).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<meta name="description" content="${DESCRIPTION}">
<link rel="icon" href="data:,">
${preconnects(config)}<style>${STYLESHEET}</style>
${scripts.join('\n')}
</head>
<body${attributes}>
<header class="top"><strong class="brand">Acquiring demo<span class="wide"> shop</span></strong><nav>${nav}</nav></header>
<aside class="sandbox-banner" aria-label="Sandbox"><p><strong>Sandbox:</strong> no real money moves. Pay with 4111 1111 1111 1111 (paid), 4000 0000 0000 0002 (declined) or 4000 0000 0000 3220 (3-D Secure), any future expiry and any security code. PIX takes the test CPF 529.982.247-25.</p>${signInForm(current, config)}</aside>
${body}
</body>
</html>`;
}

/** A JSON data block (`<script type="application/json">`), safe to embed: no `</script>` in it. */
export const jsonBlock = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${JSON.stringify(value).replace(/</g, '\\u003c')}</script>`;

const catalogueData = () => jsonBlock('catalogue', CATALOGUE);

/**
 * The catalogue's products, in the page as it comes: they paint with it, and the shopper's phone
 * makes no currency formats before the first paint (each costs milliseconds of ICU data; made by
 * storefront.js, they were most of the page's blocking time). Its buttons are storefront.js's.
 */
function productList(): string {
  const items = CATALOGUE.map(({ sku, name, price, currency, subscription }) => {
    const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(
      price as `${number}`,
    );
    const [shown, action] = subscription
      ? [`${amount} / month`, 'Subscribe']
      : [amount, 'Add to cart'];
    return `<li class="product" data-sku="${sku}"><h2>${escapeHtml(name)}</h2><p class="price">${shown}</p><button type="button">${action}</button></li>`;
  });
  return `<ul class="products" id="products">${items.join('')}</ul>`;
}

/**
 * The storefront: the widget by one script tag with its integrity, deferred so it never holds
 * up the page's first paint (storefront.js, deferred after it, still finds the element defined),
 * and the cart in plain script.
 */
export function storefrontPage(config: PageConfig, integrity: string): string {
  return layout(
    'Acquiring demo shop',
    '/',
    `<main class="shop">
  <section aria-labelledby="products-title">
    <h1 id="products-title">Things we make</h1>
    ${productList()}
  </section>
  <aside class="cart" aria-labelledby="cart-title">
    <h2 id="cart-title">Your cart</h2>
    <ul id="cart-lines" class="cart-lines"></ul>
    <p class="total" hidden>Total <output id="cart-total">$0.00</output></p>
    <fieldset class="modes" id="modes" hidden>
      <legend>How would you like to pay?</legend>
      <label><input type="radio" name="mode" value="checkout" checked> Card, on the secure payment page</label>
      <label><input type="radio" name="mode" value="apm"> The payment method's page (PIX in reais, else a bank transfer)</label>
      <label><input type="radio" name="mode" value="card"> Card, here</label>
      <label><input type="radio" name="mode" value="auto"> Choose at checkout</label>
    </fieldset>
    <button type="button" id="checkout-button" class="primary" hidden>Checkout</button>
    <div id="checkout-slot"></div>
    <details class="event-log-box"><summary>Events, for developers</summary><ol id="event-log" class="event-log"></ol></details>
  </aside>
</main>
${catalogueData()}`,
    [
      `<script src="/widget/acquiring-checkout.js" integrity="${integrity}" crossorigin="anonymous" defer></script>`,
      '<script src="/assets/storefront.js" defer></script>',
    ],
    {
      companion: config.companion,
      ...(config.space ? { space: config.space } : {}),
      ...(config.shopper ? { shopper: 'signed-in' } : {}),
    },
    config,
  );
}

/** The SPA: the element imported from the package's ESM build, its events handled in code. */
export function spaPage(config: PageConfig): string {
  return layout(
    'SPA example',
    '/spa',
    `<main class="spa">
  <h1>A single-page app</h1>
  <p>This page imports <code>acquiring-checkout</code> from the package's ESM build and listens to its events from code.</p>
  <div id="app"></div>
  <details class="event-log-box"><summary>Events, for developers</summary><ol id="event-log" class="event-log"></ol></details>
</main>`,
    ['<script type="module" src="/bundles/spa.js"></script>'],
    { companion: config.companion, ...(config.space ? { space: config.space } : {}) },
    config,
  );
}

/** The React 19 example (demo/spa/react-example.tsx). */
export function reactPage(config: PageConfig): string {
  return layout(
    'React example',
    '/react',
    `<main class="spa"><h1>React 19</h1><div id="root"></div></main>`,
    ['<script type="module" src="/bundles/react.js"></script>'],
    { companion: config.companion, ...(config.space ? { space: config.space } : {}) },
    config,
  );
}

/** The currencies the sandbox has test rates for (the docs' Payouts guide). */
const PAYOUT_CURRENCIES = ['EUR', 'GBP', 'USD', 'BRL', 'MXN', 'CAD', 'JPY', 'KWD'];

function currencySelect(name: string, selected: string): string {
  const options = PAYOUT_CURRENCIES.map(
    (code) => `<option${code === selected ? ' selected' : ''}>${code}</option>`,
  );
  return `<select name="${name}">${options.join('')}</select>`;
}

/** The merchant's operations console; in a public demo, `space` is the visitor's (as on the shop's pages). */
export function consolePage(space?: string): string {
  return layout(
    'Operations console',
    '/console',
    `<main class="console">
  <h1>Orders</h1>
  <p class="toolbar"><button type="button" id="refresh">Refresh</button> <button type="button" id="reconcile">Reconcile unknown orders</button></p>
  <p id="message" role="status" aria-live="polite" class="message"></p>
  <div class="table-scroll" role="region" aria-label="Orders" tabindex="0">
  <table id="orders" class="orders">
    <thead><tr><th>Order</th><th>Payment</th><th>Mode</th><th>Amount</th><th>Status</th><th>Captured</th><th>Refunded</th><th>Actions</th><th>History</th></tr></thead>
    <tbody></tbody>
  </table>
  </div>
  <section id="order-detail" class="order-detail" aria-labelledby="order-detail-title" hidden>
    <h2 id="order-detail-title">Order</h2>
    <table id="detail-items" class="orders"><thead><tr><th>Item</th><th>SKU</th><th>Unit price</th><th>Quantity</th></tr></thead><tbody></tbody></table>
    <dl id="detail-data" class="detail-data"></dl>
    <h3 id="detail-audit-title">Audit trail</h3>
    <p id="detail-audit-empty" hidden>No operation on this order yet.</p>
    <div id="detail-audit-region" class="table-scroll" role="region" aria-labelledby="detail-audit-title" tabindex="0">
    <table id="detail-audit" class="orders audit"><thead><tr><th>When</th><th>Who</th><th>What</th><th>Amount</th><th>Result</th></tr></thead><tbody></tbody></table>
    </div>
  </section>
  <div class="panels">
    <section aria-labelledby="payout-title">
      <h2 id="payout-title">Payout</h2>
      <form id="payout-form" class="stack">
        <label>First name <input name="first_name" required></label>
        <label>Last name <input name="last_name" required></label>
        <label>Account number <input name="account_number" required></label>
        <label>Amount <input name="amount" required inputmode="decimal" placeholder="50.00"></label>
        <label>The amount is <select name="amount_side"><option value="payment">what the beneficiary is sent</option><option value="source">what leaves our account</option></select></label>
        <label>Beneficiary's currency ${currencySelect('payment_currency', 'EUR')}</label>
        <label>Paid from ${currencySelect('source_currency', 'EUR')}</label>
        <button type="submit">Send payout</button>
      </form>
      <p id="payout-quote" class="quote" aria-live="polite"></p>
      <ul id="payouts" class="payouts"></ul>
    </section>
    <section aria-labelledby="search-title">
      <h2 id="search-title">Refund search</h2>
      <form id="refund-search-form" class="stack">
        <label>Payment (order_no) <input name="order_no" required></label>
        <button type="submit">Search refunds</button>
      </form>
      <div class="table-scroll" role="region" aria-label="Refunds" tabindex="0"><table id="refunds" class="orders"><thead><tr><th>Payment</th><th>Refund</th><th>Amount</th><th>Status</th></tr></thead><tbody></tbody></table></div>
    </section>
  </div>
</main>`,
    ['<script type="module" src="/assets/console.js"></script>'],
    space ? { space } : {},
  );
}
