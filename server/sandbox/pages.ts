/**
 * The pages a shopper sees at the sandbox: the checkout response (which auto-submits to the hosted
 * page), the hosted card form, the 3-D Secure challenge, the APM issuer page and a done page. Plain
 * server-rendered HTML; only the checkout response has a script, and the companion serves that one.
 * The sandbox's own pages take `base` (basePath in config.ts): every address in them starts with
 * it, so they work at the root of the sandbox's origin and mounted under a path.
 */
import { createHash } from 'node:crypto';
import { escapeHtml, formatAmount } from '../gateway/index.ts';
import { pageLanguage, type PageLanguage, type PageTexts } from './page-texts.ts';
import type { Order } from './records.ts';

/** The checkout response's only script. Its hash goes into the CSP of whoever serves the page. */
export const AUTO_SUBMIT_SCRIPT = "document.getElementById('pay').submit();";
export const AUTO_SUBMIT_SCRIPT_HASH = hashOf(AUTO_SUBMIT_SCRIPT);

/**
 * The sandbox's pages' only script: a form sent back with an error gives the wrong field the
 * focus. `autofocus` would, but browsers ignore it in a cross-origin frame (the widget's), and the
 * focus fell to the body, so the next Tab went to the card number. Allowed by its hash alone.
 */
export const FOCUS_SCRIPT = "document.querySelector('[aria-invalid=true]')?.focus();";
export const FOCUS_SCRIPT_HASH = hashOf(FOCUS_SCRIPT);

function hashOf(script: string): string {
  return `sha256-${createHash('sha256').update(script).digest('base64')}`;
}

/** Request fields the hosted page also reads under a camel-case name, as the interface describes. */
const CAMEL_CASE: Record<string, string> = {
  merchant_id: 'merchantId', account_id: 'accountId', order_no: 'orderNo', notify_url: 'notifyUrl',
  return_url: 'returnUrl', shopper_email: 'shopperEmail',
}; // prettier-ignore

/**
 * One stylesheet for every page. The pages show in the widget's frame (560 px high by default, any
 * width from a 320 px phone up), so they are compact and fluid: no fixed widths, long words wrap,
 * and the card page with its error fits the frame without scrolling (pages-fit.browser.test.ts).
 */
export const STYLESHEET = `
:root { color-scheme: light dark; font: 16px/1.4 system-ui, sans-serif; }
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; padding: 0.75rem 1rem; }
main { max-width: 26rem; margin-inline: auto; overflow-wrap: anywhere; }
h1 { font-size: 1.125rem; margin: 0 0 0.25rem; }
.summary { display: flex; flex-wrap: wrap; justify-content: space-between; align-items: baseline;
  gap: 0 1rem; margin: 0 0 0.25rem; padding-bottom: 0.375rem; border-bottom: 1px solid #d1d5db; }
.summary p { margin: 0; }
.amount { font-size: 1.25rem; font-weight: 600; }
label { display: block; margin-top: 0.5rem; font-weight: 500; }
input { width: 100%; margin-top: 0.25rem; padding: 0.5rem 0.6rem; font: inherit;
  border: 1px solid #9ca3af; border-radius: 6px; }
input[aria-invalid='true'] { border-color: #b91c1c; }
.row { display: flex; gap: 0.75rem; } .row > * { flex: 1; min-width: 0; }
button { display: block; width: 100%; margin-top: 0.75rem; padding: 0.6rem 1rem; font: inherit;
  border-radius: 6px; cursor: pointer; }
button.primary { background: #1a56db; color: #fff; border: 0; }
button.secondary { margin-top: 0.5rem; background: none; color: inherit; border: 1px solid currentColor; }
.error { color: #b91c1c; margin: 0.5rem 0 0; padding: 0.4rem 0.6rem; border-radius: 6px;
  background: #fef2f2; border: 1px solid #fca5a5; }
.hint { color: #6b7280; font-size: 0.8125rem; line-height: 1.3; margin: 0.5rem 0 0; }
/* The narrowest phones: a little less room around, so the card page still fits the frame. */
@media (max-width: 360px) {
  body { padding: 0.5rem 0.75rem; } h1 { font-size: 1rem; } .amount { font-size: 1.125rem; }
}
@media (prefers-color-scheme: dark) {
  .error { color: #fca5a5; background: none; } .hint { color: #9ca3af; }
  .summary { border-color: #4b5563; }
}
`;

/** The stylesheet's path under the sandbox's base. */
export const STYLESHEET_PATH = '/assets/sandbox.css';

/** A page in `language`: its `lang` and direction, so a screen reader reads it in that language. */
function layout(base: string, language: PageLanguage, title: string, body: string): string {
  const focus = body.includes('aria-invalid="true"') ? `<script>${FOCUS_SCRIPT}</script>` : '';
  return `<!doctype html>
<html lang="${escapeHtml(language.lang)}" dir="${language.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="${escapeHtml(base + STYLESHEET_PATH)}"></head>
<body><main>${body}</main>${focus}</body></html>`;
}

function hidden(name: string, value: string): string {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

/** The HTML the checkout answers: a form of hidden inputs that posts itself to the hosted page. */
export function checkoutResponsePage(
  action: string,
  fields: Record<string, unknown>,
  sessionToken: string,
  cancelUrl: string,
): string {
  const inputs: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null || value === '') continue;
    const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
    inputs.push(hidden(name, text));
    const camel = CAMEL_CASE[name];
    if (camel) inputs.push(hidden(camel, text));
  }
  inputs.push(hidden('signInfo', String(fields.encryption_data ?? '')));
  inputs.push(hidden('cancel_url', cancelUrl));
  inputs.push(hidden('session_token', sessionToken));
  inputs.push(hidden('route', 'sandbox'));
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Redirecting to the payment page</title></head>
<body><form id="pay" method="POST" action="${escapeHtml(action)}">${inputs.join('')}
<noscript><button type="submit">Continue to the payment page</button></noscript></form>
<script>${AUTO_SUBMIT_SCRIPT}</script></body></html>`;
}

/**
 * What the shopper pays for, as the shop's items name it ("Ceramic mug × 2, Tea"), or nothing:
 * never the order number, which is the shop's and the service's, not the shopper's.
 */
export function orderDescription(order: Order): string {
  const items = order.details?.items;
  if (typeof items !== 'string' || items === '') return '';
  return items
    .split('#;#')
    .map((entry) => entry.split('#,#'))
    .filter(([name = '']) => name.trim() !== '')
    .map(([name = '', , , quantity = '1']) =>
      quantity === '1' ? name.trim() : `${name.trim()} × ${quantity}`,
    )
    .join(', ');
}

function summary(order: Order): string {
  const description = orderDescription(order);
  return `<div class="summary">${description ? `<p data-testid="description">${escapeHtml(description)}</p>` : ''}
<p class="amount" data-testid="amount">${escapeHtml(formatAmount(order.amount, order.currency))} ${escapeHtml(order.currency)}</p></div>`;
}

/** What is wrong with a card form that was sent: the field, and a sentence for the shopper. */
export interface CardFormError {
  field: 'card' | 'expiry' | 'security_code';
  /** The sentence, by its key in the page's texts. */
  message: keyof PageTexts;
}

/**
 * The hosted card form; sent again with `error`, it keeps what the shopper typed besides the card
 * number and security code, and points at the field to fix.
 */
export function cardFormPage(
  base: string,
  token: string,
  order: Order,
  language: PageLanguage,
  error?: CardFormError,
  typed: Record<string, string> = {},
): string {
  const { t } = language;
  const hosted = escapeHtml(`${base}/hosted/${token}`);
  const input = (name: string, attributes: string) => {
    const invalid =
      error?.field === name ? ' aria-invalid="true" aria-describedby="form-error" autofocus' : '';
    const value = typed[name] ? ` value="${escapeHtml(typed[name])}"` : '';
    return `<input id="${name}" name="${name}" ${attributes}${value}${invalid}>`;
  };
  return layout(
    base,
    language,
    t.pay_by_card,
    `<h1>${escapeHtml(t.pay_by_card)}</h1>${summary(order)}
${error ? `<p class="error" id="form-error" role="alert">${escapeHtml(t[error.message])}</p>` : ''}
<form method="POST" action="${hosted}/pay">
<label for="card">${escapeHtml(t.card_number)}</label>
${input('card', 'inputmode="numeric" autocomplete="cc-number" dir="ltr" required')}
<div class="row"><div><label for="expiry">${escapeHtml(t.expiry)}</label>
${input('expiry', 'autocomplete="cc-exp" placeholder="MM/YY" dir="ltr" required')}</div>
<div><label for="security_code">${escapeHtml(t.security_code)}</label>
${input('security_code', 'inputmode="numeric" autocomplete="cc-csc" dir="ltr" required')}</div></div>
<label for="name">${escapeHtml(t.name_on_card)}</label>
${input('name', 'autocomplete="cc-name"')}
<button class="primary" type="submit">${escapeHtml(t.pay)}</button></form>
<form method="POST" action="${hosted}/cancel"><button class="secondary" type="submit">${escapeHtml(t.cancel)}</button></form>
<p class="hint">${withTestCard(escapeHtml(t.card_hint))}</p>`,
  );
}

export function challengePage(
  base: string,
  token: string,
  order: Order,
  language: PageLanguage,
): string {
  const { t } = language;
  return layout(
    base,
    language,
    t.confirm_title,
    `<h1>${escapeHtml(t.confirm_title)}</h1>${summary(order)}
<form method="POST" action="${escapeHtml(`${base}/hosted/${token}/3ds`)}">
<label for="code">${escapeHtml(t.code_label)}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" dir="ltr" required>
<button class="primary" type="submit">${escapeHtml(t.confirm)}</button></form>
<p class="hint">${escapeHtml(t.challenge_hint)}</p>`,
  );
}

/** The test card's number, as every locale's hint writes it. */
const TEST_CARD = '4111 1111 1111 1111';

/**
 * The hint's test card kept left to right: in Hebrew or Arabic text its groups would read in the
 * opposite order (`1111 1111 1111 4111`), the spaces between them taking the text's direction.
 */
function withTestCard(hint: string): string {
  return hint.replace(TEST_CARD, `<bdi dir="ltr">${TEST_CARD}</bdi>`);
}

/** A method as the shopper reads it, in the page's language: a code the element names, or as it is (PIX). */
function methodName(code: string, t: PageTexts): string {
  return code.toUpperCase() === 'BANK_TRANSFER' ? t.bank_transfer : code;
}

export function issuerPage(
  base: string,
  token: string,
  order: Order,
  paymentMethod: string,
  language: PageLanguage,
): string {
  const { t } = language;
  const issuer = escapeHtml(`${base}/issuer/${token}`);
  const title = t.pay_with.replace('{method}', methodName(paymentMethod, t));
  return layout(
    base,
    language,
    title,
    `<h1>${escapeHtml(title)}</h1>${summary(order)}
<form method="POST" action="${issuer}/pay"><button class="primary" type="submit">${escapeHtml(t.pay)}</button></form>
<form method="POST" action="${issuer}/cancel"><button class="secondary" type="submit">${escapeHtml(t.cancel_payment)}</button></form>`,
  );
}

export function messagePage(base: string, title: string, message: string): string {
  return layout(
    base,
    pageLanguage(),
    title,
    `<h1>${escapeHtml(title)}</h1><p data-testid="message">${escapeHtml(message)}</p>`,
  );
}
