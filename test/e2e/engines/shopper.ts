/**
 * The shopper on the demo storefront, in any engine (a `Tab`): the same moves as
 * `helpers/demo.ts`'s Playwright shopper, and the outcome read from what the storefront shows —
 * the element's status line and the page's event log — rather than from a script the driver
 * installs before the page (WebDriver classic has none).
 */
import type { DemoStack } from '../../../demo/stack.ts';
import { until } from '../../server/helpers/until.ts';
import { CARDS, TEST_CPF, type Outcome } from '../helpers/demo.ts';
import { WAIT_MS, type Tab } from '../../../scripts/tab/tab.ts';

/** The `acquiring-result` details in the storefront's event log ("Events, for developers"). */
function loggedResults(): { status: string; order_no: string; resumed?: boolean }[] {
  return [...document.querySelectorAll('#event-log li[data-event="acquiring-result"]')].map(
    (item) => JSON.parse((item.textContent ?? '').replace(/^acquiring-result /, '')),
  );
}

export class Shopper {
  /** Results already in this page's log when the shopper last did something that yields one. */
  #seen = 0;

  constructor(
    readonly tab: Tab,
    readonly stack: DemoStack,
  ) {}

  async open(path = '/'): Promise<void> {
    await this.tab.goto(`${this.stack.storefrontUrl}${path}`);
    this.#seen = 0;
  }

  async reload(): Promise<void> {
    await this.tab.reload();
    this.#seen = 0;
  }

  /** Adds a product of the demo catalogue (`mug`, `tee`, `poster`, `cafe`) to the cart. */
  async add(sku: string): Promise<void> {
    await this.tab.click('page', { css: `.product[data-sku="${sku}"] button` });
  }

  /** Chooses how to pay and opens the checkout; answers the order reference it was given. */
  async checkout(mode: 'checkout' | 'apm' | 'card' = 'checkout'): Promise<string> {
    await this.tab.click('page', { css: `input[name="mode"][value="${mode}"]` });
    await this.tab.click('page', { button: 'Checkout' });
    await this.tab.waitFor('element', { css: 'form' });
    this.#seen = 0;
    return this.tab.evaluate(
      () => document.querySelector('acquiring-checkout')?.getAttribute('order-ref') ?? '',
    );
  }

  async fillDetails(): Promise<void> {
    const field = (label: string, text: string) => this.tab.fill('element', { label }, text);
    await field('Email', 'ada@example.com');
    await field('First name', 'Ada');
    await field('Last name', 'Lovelace');
    await this.tab.select('element', { label: 'Country' }, 'GB');
    await field('City', 'London');
    await field('Address', '12 St James Sq');
    await field('Postal code', 'SW1Y 4JH');
    // PIX (the storefront's APM for an order in reais) asks for the payer's CPF.
    if ((await this.tab.count('element', { label: 'CPF' })) > 0) await field('CPF', TEST_CPF);
  }

  async pay(): Promise<void> {
    this.#seen = (await this.tab.evaluate(loggedResults)).length;
    await this.tab.click('element', { button: 'Pay' });
  }

  /** Types a card into the element's own fields (card mode): `card`, expiry and code. */
  async typeCard(card: string): Promise<void> {
    await this.tab.fill('element', { label: 'Card number' }, card);
    await this.tab.fill('element', { label: 'Expiry (MM / YY)' }, '12/30');
    await this.tab.fill('element', { label: 'Security code' }, '123');
  }

  /** Fills the service's card page, in the element's frame or as the tab's page, and pays. */
  async payCard(where: 'frame' | 'page', card: string): Promise<void> {
    await this.tab.fill(where, { label: 'Card number' }, card);
    await this.tab.fill(where, { label: 'Expiry (MM/YY)' }, '12/30');
    await this.tab.fill(where, { label: 'Security code' }, '123');
    await this.tab.fill(where, { label: 'Name on card' }, 'Ada Lovelace');
    await this.tab.click(where, { button: 'Pay' });
  }

  /**
   * Pays on the service's page in the frame with the card that needs 3-D Secure, and answers its
   * challenge with `code` (1234 passes, any other fails).
   */
  async payChallenge(code: string): Promise<void> {
    await this.payCard('frame', CARDS.challenge);
    await this.tab.fill('frame', { label: 'Code sent to your phone' }, code);
    await this.tab.click('frame', { button: 'Confirm' });
  }

  /** Waits until the tab is at an address starting with `prefix`. */
  async at(prefix: string): Promise<void> {
    await until(
      () => this.tab.url(),
      (url) => url.startsWith(prefix),
      { timeoutMs: WAIT_MS, everyMs: 50, what: `the tab at ${prefix}` },
    );
  }

  /**
   * At the payment method's page the APM sent the tab to: presses `button` and waits to be back
   * on the storefront with order `ref`'s outcome to read.
   */
  async atIssuer(button: 'Pay' | 'Cancel payment', ref: string): Promise<void> {
    await this.at(`${this.stack.sandboxUrl}/issuer/`);
    await this.tab.click('page', { button });
    await this.at(`${this.stack.storefrontUrl}/?acquiring_order_ref=${ref}`);
    this.#seen = 0;
  }

  /** What the element's status line, the page's event log and the frame show: a failure's why. */
  async #whatShows(): Promise<string> {
    const page = await this.tab
      .evaluate(() => ({
        events: [...document.querySelectorAll('#event-log li')].map((li) => li.textContent),
        status: document.querySelector('acquiring-checkout')?.shadowRoot?.textContent?.trim(),
      }))
      .catch((error: unknown) => String(error));
    const frame = await this.tab
      .evaluateInFrame(() => ({
        url: location.href,
        text: document.body?.innerText.slice(0, 400),
        fields: [...document.querySelectorAll('input')].map((i) => `${i.name}=${i.value}`),
      }))
      .catch(() => 'no frame');
    return JSON.stringify({ page, frame });
  }

  /** The element's next result in this page, and the sentence its status line says. */
  async outcome(): Promise<Outcome & { resumed?: boolean }> {
    const results = await until(
      () => this.tab.evaluate(loggedResults),
      (logged) => logged.length > this.#seen,
      { timeoutMs: WAIT_MS, everyMs: 50, what: 'the element’s result' },
    ).catch(async (error: unknown) => {
      throw new Error(`${String(error)}; the page then: ${await this.#whatShows()}`);
    });
    this.#seen = results.length;
    const sentence = await until(
      () => this.tab.text('element', { css: '[part~="status"]' }),
      (text) => text !== '',
      { timeoutMs: WAIT_MS, everyMs: 50, what: 'the element’s status line' },
    );
    return { ...(results.at(-1) as Outcome), sentence };
  }
}
