/**
 * The states of the layout matrix, generated from the tables the code reads: the element's flows
 * (widget/src/saved-attempt.ts) and `auto` switched to each method the demo offers for the cart's
 * currency (demo/payment-options.ts), one cart per currency of the catalogue (demo/catalogue.ts:
 * reais bring instalments and PIX), a signed-in shopper's saved cards, Continue, and every
 * outcome the element words (widget/src/shopper-text.ts), each reached as a shopper reaches it on
 * the demo storefront. A new flow, method, currency or outcome enters the matrix by itself.
 */
import type { Page } from 'playwright-core';
import { CATALOGUE } from '../../../demo/catalogue.ts';
import { PAYMENT_OPTIONS } from '../../../demo/payment-options.ts';
import { FLOWS } from '../../../widget/src/saved-attempt.ts';
import { readdirSync } from 'node:fs';
import type { World } from '../helpers/world.ts';
import { CARDS, Shopper, TEST_CPF } from '../helpers/demo.ts';

export interface LayoutState {
  /** `card, USD`, `auto → PIX, BRL`, `paid`… */
  name: string;
  /** The form, filled in, in a mode and for a cart (not an outcome). */
  form?: true;
  /** Brings a fresh shopper's tab to the state. */
  reach(world: World, page: Page): Promise<void>;
}

/** The storefront's modes: each flow, and `auto`, which offers them to choose from. */
type Mode = (typeof FLOWS)[number] | 'auto';

/** One product of each currency the catalogue sells in (not a subscription). */
const CARTS = [
  ...new Map(
    CATALOGUE.filter((p) => !p.subscription)
      .reverse()
      .map((p) => [p.currency, p]),
  ),
].map(([currency, product]) => ({ currency, product }));

/** The methods mode="auto" offers for a cart in `currency`. */
const methodsFor = (currency: string) =>
  PAYMENT_OPTIONS.paymentMethods
    .filter((m) => !('currencies' in m) || (m.currencies ?? []).includes(currency))
    .map((m) => m.method);

const element = (page: Page) => page.locator('acquiring-checkout');

/** Opens the storefront with `product` in the cart and the checkout open in `mode`. */
async function open(world: World, page: Page, product: string, mode: Mode): Promise<Shopper> {
  const s = new Shopper(page, world);
  await s.open();
  await s.add(product);
  await s.checkout(mode);
  await settled(page);
  return s;
}

/** Waits until the element has drawn what it was waiting for (its summary, locale and parts). */
export async function settled(page: Page): Promise<void> {
  await element(page).evaluate(
    (el) => (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete,
  );
}

/**
 * Fills what shows, with values of the longest kind: the shopper's details, a card number of 16
 * digits, the expiry and the code, the CPF; and the last (longest) instalment offer.
 */
async function fillAll(page: Page): Promise<void> {
  const form = element(page);
  const values: Record<string, string> = {
    email: 'ada.lovelace@example.com',
    first_name: 'Ada',
    last_name: 'Lovelace',
    'billing.city': 'London',
    'billing.address': '12 St James Sq',
    'billing.postal_code': 'SW1Y 4JH',
    'card.number': '5555555555554444',
    'card.expiry': '1230',
    'card.security_code': '123',
    'payer.document': TEST_CPF,
  };
  for (const [name, value] of Object.entries(values)) {
    const input = form.locator(`input[name="${name}"]`);
    if ((await input.count()) > 0) await input.fill(value);
  }
  const country = form.locator('select[name="billing.country"]');
  if ((await country.count()) > 0) await country.selectOption('GB');
  const instalments = form.locator('select[name="installments"]');
  if ((await instalments.count()) > 0)
    await instalments.selectOption(
      (await instalments.locator('option').last().getAttribute('value')) ?? '1',
    );
  await settled(page);
}

/** The form in each mode (auto: switched to each method), for each cart: filled in. */
function formStates(): LayoutState[] {
  const states: LayoutState[] = [];
  for (const { currency, product } of CARTS) {
    for (const mode of FLOWS)
      states.push({
        name: `${mode}, ${currency}`,
        form: true,
        async reach(world, page) {
          await open(world, page, product.name, mode);
          await fillAll(page);
        },
      });
    for (const method of methodsFor(currency))
      states.push({
        name: `auto → ${method}, ${currency}`,
        form: true,
        async reach(world, page) {
          await open(world, page, product.name, 'auto');
          await element(page).locator(`input[name="payment_method"][value="${method}" i]`).check();
          await fillAll(page);
        },
      });
  }
  return states;
}

/** Pays `card` in the element's own card fields (mode="card"), and waits for its word. */
async function payByCard(world: World, page: Page, card: string): Promise<void> {
  const product = CARTS[0]?.product.name ?? '';
  await open(world, page, product, 'card');
  await fillAll(page);
  await element(page).locator('input[name="card.number"]').fill(card.replaceAll(' ', ''));
  await element(page).locator('[part~="pay-button"]').click();
  await element(page).locator('[part~="status"]').waitFor();
}

/** Pay in checkout mode: the payment page is up in the frame. */
async function onPaymentPage(world: World, page: Page): Promise<Shopper> {
  const s = await open(world, page, CARTS[0]?.product.name ?? '', 'checkout');
  await s.fillDetails();
  await s.pay();
  await s.frame.getByLabel('Card number').waitFor();
  return s;
}

/**
 * How each outcome the element words is reached: typed into the card fields (paid, declined, and
 * failed: a card that needs 3-D Secure, whose code is then typed wrong on the service's page, to
 * which card mode goes on), cancelled on the payment
 * page, expired by the companion's reconciliation past the attempt's lifetime (the stack runs with
 * a lifetime of 1 ms: see layout.test's world) and read back after a reload.
 */
const OUTCOMES: Record<
  'paid' | 'declined' | 'cancelled' | 'expired' | 'failed',
  LayoutState['reach']
> = {
  paid: (world, page) => payByCard(world, page, CARDS.success),
  declined: (world, page) => payByCard(world, page, CARDS.decline),
  async failed(world, page) {
    // The 3-D Secure card goes on to the service's page; a wrong code there fails the payment.
    const s = await open(world, page, CARTS[0]?.product.name ?? '', 'card');
    await fillAll(page);
    await element(page)
      .locator('input[name="card.number"]')
      .fill(CARDS.challenge.replaceAll(' ', ''));
    await element(page).locator('[part~="pay-button"]').click();
    await Shopper.payCard(s.frame, CARDS.challenge);
    await s.frame.getByLabel('Code sent to your phone').fill('0000');
    await s.frame.getByRole('button', { name: 'Confirm' }).click();
    await element(page).locator('[part~="status"]').waitFor();
  },
  async cancelled(world, page) {
    const s = await onPaymentPage(world, page);
    await s.frame.getByRole('button', { name: 'Cancel' }).click();
    await element(page).locator('[part~="status"]').waitFor();
  },
  async expired(world, page) {
    await onPaymentPage(world, page);
    await world.stack.companion().reconcile();
    await page.reload();
    await element(page).locator('[part~="status"]').waitFor();
  },
};

export const isFormState = (state: LayoutState): boolean => state.form === true;

/** Every state of the matrix. */
export function layoutStates(): LayoutState[] {
  return [
    ...formStates(),
    {
      name: 'saved cards, signed in',
      async reach(world, page) {
        // Her first payment saves the card; the next checkout lists it.
        await page.goto(world.stack.storefrontUrl);
        await page.getByRole('button', { name: 'Sign in as demo shopper' }).click();
        await open(world, page, CARTS[0]?.product.name ?? '', 'card');
        await fillAll(page);
        await element(page).locator('input[name="save-card"]').check();
        await element(page).locator('[part~="pay-button"]').click();
        await element(page).locator('[part~="result"]').waitFor();
        await open(world, page, CARTS[1]?.product.name ?? '', 'card');
        await element(page).locator('[part~="saved-card"]').first().waitFor();
      },
    },
    {
      name: 'Continue',
      async reach(world, page) {
        await onPaymentPage(world, page);
        await page.reload();
        await element(page).locator('[part~="continue-button"]').waitFor();
      },
    },
    ...Object.entries(OUTCOMES).map(([name, reach]) => ({ name, reach })),
  ];
}

/** A language written right to left, as Intl knows it (Node 20: `textInfo`). */
export const isRightToLeft = (tag: string): boolean =>
  (new Intl.Locale(tag) as Intl.Locale & { textInfo?: { direction: string } }).textInfo
    ?.direction === 'rtl';

/**
 * Locales that stress the layout, from those the element ships (widget/src/locales/, which a test
 * holds equal to its LOCALES): the long words of German and Finnish, Japanese (CJK), and every
 * right-to-left one. (messages.ts itself loads only in a page: its lazy parts need the build.)
 */
export const LAYOUT_LOCALES = readdirSync(new URL('../../../widget/src/locales', import.meta.url))
  .map((file) => file.replace(/\.ts$/, ''))
  .filter((l) => ['de', 'fi', 'ja'].includes(l) || isRightToLeft(l));

/** The windows, in CSS pixels; 1280 at 200 % zoom is 640 × 450. */
export const WIDTHS = [
  { name: '320', width: 320, height: 640 },
  { name: '375', width: 375, height: 740 },
  { name: '768', width: 768, height: 1000 },
  { name: '1280', width: 1280, height: 900 },
  { name: '1280 at 200 %', width: 640, height: 450 },
] as const;
