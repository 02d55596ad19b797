/**
 * The end-to-end world: the demo stack (sandbox, companion on SQLite, storefront, console) on free
 * ports, Debian's Chromium through playwright-core, and the moves of a shopper on the storefront
 * (the merchant's in the console are in merchant.ts).
 */
import assert from 'node:assert/strict';
import { after, before } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, FrameLocator, Page } from 'playwright-core';
import { startDemoStack, type DemoStack, type DemoStackOptions } from '../../../demo/stack.ts';
import { GatewayClient } from '../../../server/gateway/index.ts';
import { DEFAULT_MERCHANT } from '../../../server/sandbox/config.ts';
import { launchChromium } from '../../../scripts/chromium.ts';
import { until } from '../../server/helpers/until.ts';
import { Merchant } from './merchant.ts';
import type { World } from './world.ts';

export const CARDS = {
  success: '4111 1111 1111 1111',
  decline: '4000 0000 0000 0002',
  challenge: '4000 0000 0000 3220',
  review: '4000 0000 0000 9235',
} as const;

/** A CPF whose check digits hold, which PIX takes in the sandbox. */
export const TEST_CPF = '529.982.247-25';

export type { World } from './world.ts';

/**
 * The demo stack as the end-to-end tests run it: every port free, SQLite in `dataDir`, the
 * sandbox's admin routes on and its clock quick, the companion never reconciling on its own.
 */
export function startTestStack(
  dataDir: string,
  companion: DemoStackOptions['companion'] = {},
): Promise<DemoStack> {
  return startDemoStack({
    port: 0,
    sandboxPort: 0,
    companionPort: 0,
    dataDir,
    sandbox: {
      admin: true,
      tickMs: 50,
      notificationRetryMs: [300, 600, 1_000, 2_000, 4_000],
      payoutSettleMs: 300,
    },
    // framingCheckMs 0: a test turns the sandbox's framing refusal on and off as it goes.
    companion: { reconcileEveryMs: 0, rateLimitPerMinute: 10_000, framingCheckMs: 0, ...companion },
  });
}

/** The demo stack and Chromium; `companion`: the companion's settings over the test stack's. */
export async function startWorld(companion: DemoStackOptions['companion'] = {}): Promise<World> {
  const dataDir = mkdtempSync(join(tmpdir(), 'acquiring-e2e-'));
  const stack = await startTestStack(dataDir, companion);
  const browser = await launchChromium();
  const contexts: BrowserContext[] = [];
  const client = new GatewayClient({
    baseUrl: stack.sandboxUrl,
    merchantId: DEFAULT_MERCHANT.merchant_id,
    accountId: DEFAULT_MERCHANT.account_id,
    secretKey: DEFAULT_MERCHANT.secret_key,
  });
  return {
    stack,
    browser,
    async page(viewport = { width: 1280, height: 900 }) {
      const context = await browser.newContext({ viewport });
      contexts.push(context);
      const page = await context.newPage();
      page.setDefaultTimeout(15_000);
      return page;
    },
    query: (filters) => client.query(filters),
    async serviceStatus(orderNo) {
      const result = await client.query({ order_no: orderNo });
      return result.orders[0]?.payment_status;
    },
    async admin(path, body) {
      const response = await fetch(`${stack.sandboxUrl}/admin${path}`, {
        ...(body === undefined
          ? {}
          : {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(body),
            }),
      });
      assert.equal(response.status, 200, await response.clone().text());
      return response.json();
    },
    async storeStatus(orderRef) {
      return (await stack.companion().context.store.orders.get(orderRef))?.status;
    },
    async close() {
      await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
      await browser.close();
      await stack.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Registers the suite's hooks: a world started before its tests, with the merchant's console open
 * in a tab of its own, and closed after them.
 */
export function useWorld(): {
  world: World;
  merchant: Merchant;
  /** A shopper in a tab of their own (`viewport` sized), on the storefront. */
  shopper(viewport?: { width: number; height: number }): Promise<Shopper>;
} {
  const suite = {
    async shopper(viewport?: { width: number; height: number }) {
      const s = new Shopper(await suite.world.page(viewport), suite.world);
      await s.open();
      return s;
    },
  } as ReturnType<typeof useWorld>;
  before(async () => {
    suite.world = await startWorld();
    suite.merchant = new Merchant(await suite.world.page(), suite.world);
    await suite.merchant.open();
  });
  after(() => suite.world.close());
  return suite;
}

/** A payment's end, as the shopper's element reported it. */
export interface Outcome {
  status: string;
  order_no: string;
  /** What the shopper reads. */
  sentence: string;
}

/** What the element says for each result (widget/src/messages.ts). */
export const SENTENCES = {
  paid: 'Payment received.',
  /** In card and checkout modes, which offer no other way to pay (auto mode names one). */
  declined: 'The payment was declined. Try another card.',
  /** A 3-D Secure challenge not passed. */
  notVerified:
    'Your bank could not confirm it is you, so the payment did not go through. Pay again to retry, or use another card.',
  cancelled: 'The payment was cancelled. You can try again.',
  review: 'Thank you! Your payment is being checked; you will hear from the shop.',
} as const;

/** The shopper on the demo storefront. */
export class Shopper {
  /** `world` is the local demo stack; without it (a demo hosted elsewhere), `open` takes an origin. */
  constructor(
    readonly page: Page,
    readonly world?: World,
  ) {}

  /** How many of the tab's results `outcome()` has answered. */
  #answered = 0;

  /**
   * Opens a storefront page. Every page of the tab records its CSP violations, and keeps each
   * acquiring-redirect and acquiring-result event's detail in sessionStorage, which outlives the
   * page's leaving and coming back (an init script is not under the page's CSP).
   */
  async open(path = '/', origin = this.world?.stack.storefrontUrl ?? ''): Promise<void> {
    await this.page.addInitScript(() => {
      const w = window as unknown as { violations: string[] };
      w.violations = [];
      document.addEventListener('securitypolicyviolation', (e) =>
        w.violations.push(`${e.violatedDirective} ${e.blockedURI}`),
      );
      for (const [type, key] of [
        ['acquiring-redirect', 'redirects'],
        ['acquiring-result', 'results'],
      ] as const)
        document.addEventListener(type, (event) => {
          const kept = JSON.parse(sessionStorage.getItem(key) ?? '[]') as unknown[];
          kept.push((event as CustomEvent).detail);
          sessionStorage.setItem(key, JSON.stringify(kept));
        });
    });
    await this.page.goto(`${origin}${path}`);
  }

  async violations(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { violations: string[] }).violations);
  }

  async redirects(): Promise<{ url: string; reason: string }[]> {
    return this.page.evaluate(() => JSON.parse(sessionStorage.getItem('redirects') ?? '[]'));
  }

  async results(): Promise<{ status: string; order_no: string }[]> {
    return this.page.evaluate(() => JSON.parse(sessionStorage.getItem('results') ?? '[]'));
  }

  async add(name: string): Promise<void> {
    await this.page.locator('.product', { hasText: name }).getByRole('button').click();
  }

  /** Chooses how to pay and opens the checkout; answers the order reference it was given. */
  async checkout(mode: 'checkout' | 'apm' | 'card' | 'auto' = 'checkout'): Promise<string> {
    await this.page.locator(`input[name="mode"][value="${mode}"]`).check();
    await this.page.getByRole('button', { name: 'Checkout' }).click();
    const element = this.page.locator('acquiring-checkout');
    await element.locator('form').waitFor();
    return (await element.getAttribute('order-ref')) ?? '';
  }

  async fillDetails(): Promise<void> {
    const form = this.page.locator('acquiring-checkout');
    await form.getByLabel('Email').fill('ada@example.com');
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill('Lovelace');
    await form.getByLabel('Country').selectOption('GB');
    await form.getByLabel('City').fill('London');
    await form.getByLabel('Address').fill('12 St James Sq');
    await form.getByLabel('Postal code').fill('SW1Y 4JH');
    // PIX (the storefront's APM) asks for the payer's CPF.
    const cpf = form.getByLabel('CPF');
    if ((await cpf.count()) > 0) await cpf.fill(TEST_CPF);
  }

  async pay(): Promise<void> {
    await this.page.locator('acquiring-checkout').getByRole('button', { name: 'Pay' }).click();
  }

  /**
   * At the payment method's page the APM sent the page to: presses `button` (`Pay` or `Cancel
   * payment`) and waits to be back on the storefront with order `ref`'s outcome to read.
   */
  async atIssuer(button: 'Pay' | 'Cancel payment', ref: string): Promise<void> {
    const stack = this.world?.stack;
    if (!stack) throw new Error('atIssuer needs the local demo stack');
    await this.page.waitForURL(`${stack.sandboxUrl}/issuer/**`);
    await this.page.getByRole('button', { name: button, exact: true }).click();
    await this.page.waitForURL(`${stack.storefrontUrl}/?acquiring_order_ref=${ref}`);
  }

  /** The service's payment page inside the widget's frame. */
  get frame(): FrameLocator {
    return this.page.frameLocator('acquiring-checkout iframe');
  }

  /** Fills the hosted card page in `where` (the frame, or the page after a redirect). */
  static async payCard(where: Page | FrameLocator, card: string): Promise<void> {
    await where.getByLabel('Card number').fill(card);
    await where.getByLabel('Expiry (MM/YY)').fill('12/30');
    await where.getByLabel('Security code').fill('123');
    await where.getByLabel('Name on card').fill('Ada Lovelace');
    await where.getByRole('button', { name: 'Pay' }).click();
  }

  /** A whole purchase on the hosted page, in a fresh tab: answers the order reference. */
  static async buy(
    world: World,
    products: string[],
    card: string = CARDS.success,
  ): Promise<string> {
    const shopper = new Shopper(await world.page(), world);
    await shopper.open();
    for (const product of products) await shopper.add(product);
    const ref = await shopper.checkout();
    await shopper.fillDetails();
    await shopper.pay();
    await Shopper.payCard(shopper.frame, card);
    await shopper.outcome();
    await shopper.page.close();
    return ref;
  }

  /**
   * The element's next result in this tab (after a redirect and return too): its acquiring-result
   * detail, and the sentence the shopper reads in the element's status line.
   */
  async outcome(): Promise<Outcome> {
    const n = ++this.#answered;
    await until(
      () => this.results(),
      (results) => results.length >= n,
      { timeoutMs: 15_000, everyMs: 50, what: `result ${n}` },
    );
    const status = this.page.locator('acquiring-checkout [part~="status"]');
    await status.filter({ hasText: /\S/ }).waitFor();
    const detail = (await this.results())[n - 1] ?? { status: '', order_no: '' };
    return { ...detail, sentence: ((await status.textContent()) ?? '').trim() };
  }
}
