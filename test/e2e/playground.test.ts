/**
 * The playground (/playground) in Chromium: each control changes the live element and the three
 * snippets, and the address keeps them; each snippet pasted into an empty page makes the same
 * element (attributes, properties, and its picture pixel for pixel); Pay pays against the
 * sandbox; axe finds nothing at 1280 and 375 px. One demo stack and browser for the file.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { until } from '../server/helpers/until.ts';
import { violations } from './helpers/axe.ts';
import { CARDS, SENTENCES, Shopper, startWorld, type World } from './helpers/demo.ts';
import { picture, picturesDir, screenshot } from './helpers/pictures.ts';
import {
  bundled,
  checkout,
  described,
  differingPixels,
  pasted,
  settled,
  snippet,
  snippets,
  type SnippetKind,
} from './helpers/playground.ts';

/** Each variable of `appearance`, its custom property (widget/README.md) and a value to set. */
const VARIABLES = [
  ['colorText', '--acquiring-text', '#1f2a44'],
  ['colorBackground', '--acquiring-background', '#fdf6e3'],
  ['colorPrimary', '--acquiring-accent', '#7c3aed'],
  ['colorPrimaryText', '--acquiring-accent-text', '#fefefe'],
  ['colorBorder', '--acquiring-border', '#94a3b8'],
  ['colorInputBackground', '--acquiring-input-background', '#f1f5f9'],
  ['colorDanger', '--acquiring-error', '#be123c'],
  ['fontFamily', '--acquiring-font', 'Georgia, serif'],
  ['fontSizeBase', '--acquiring-font-size', '18px'],
  ['borderRadius', '--acquiring-radius', '0px'],
  ['spacing', '--acquiring-gap', '1.5rem'],
] as const;

describe('the playground', () => {
  let world: World;
  before(async () => {
    world = await startWorld();
  });
  after(() => world.close());

  async function open(query = '', viewport?: { width: number; height: number }): Promise<Page> {
    const page = await world.page(viewport);
    await page.goto(`${world.stack.storefrontUrl}/playground${query}`);
    // The element is made once its preview nears the window (on a phone, below the controls).
    await page.locator('.stage').scrollIntoViewIfNeeded();
    await settled(checkout(page));
    return page;
  }

  /** Waits for the element's attribute, then finds `said` in each snippet. */
  async function shows(
    page: Page,
    [name, value]: [string, string | null],
    said: Partial<Record<SnippetKind, string>>,
  ): Promise<void> {
    await until(
      () => checkout(page).getAttribute(name),
      (seen) => seen === value,
      { what: `the element's ${name} to be ${value}` },
    );
    for (const [kind, text] of Object.entries(said) as [SnippetKind, string][])
      assert.ok((await snippet(page, kind)).includes(text), `the ${kind} snippet says ${text}`);
  }

  it('changes the element and its snippets with each control, and keeps them in the address', async () => {
    const page = await open();
    const control = (name: string, value: string) =>
      page.locator(`checkout-playground input[name="${name}"][value="${value}"]`);
    await control('mode', 'card').check();
    await shows(page, ['mode', 'card'], {
      script: 'mode="card"',
      esm: "mode: 'card'",
      react: 'mode="card"',
    });
    await checkout(page).getByLabel('Card number').waitFor();
    await control('fields', 'phone').check();
    await shows(page, ['fields', 'email first_name last_name phone'], {
      script: 'fields="email first_name last_name phone"',
    });
    await checkout(page).getByLabel('Phone').waitFor();
    await control('data-collection', 'full').check();
    await shows(page, ['data-collection', 'full'], { esm: "dataCollection: 'full'" });
    await page.locator('#pg-theme').selectOption('dark');
    await shows(page, ['data-scheme', 'dark'], { react: 'theme="dark"' });
    await page.locator('#pg-preset').selectOption('night');
    await shows(page, ['data-painted', ''], { script: "theme: 'night'" });

    for (const [name, property, value] of VARIABLES) {
      const input = page.locator(`#pg-var-${name}`);
      await input.fill(value);
      // A colour picker says so as it moves; a text field once left.
      if (!value.startsWith('#')) await input.dispatchEvent('change');
      await until(
        () => checkout(page).evaluate((el, p) => el.style.getPropertyValue(p), property),
        (seen) => seen === value,
        { what: `${name} setting ${property}` },
      );
      assert.ok((await snippet(page, 'esm')).includes(`${name}: '${value}'`), name);
    }
    // A value the element would refuse is named, and set nowhere.
    await page.locator('#pg-var-borderRadius').fill('round');
    await page.locator('#pg-var-borderRadius').dispatchEvent('change');
    await page.getByText('Not a valid border-radius value').waitFor();
    assert.ok((await snippet(page, 'script')).includes("borderRadius: '0px'"));

    // Another currency is another sample order, and so is New order.
    const orderRef = () => checkout(page).getAttribute('order-ref');
    await page.locator('#pg-currency').selectOption('BRL');
    const first = await until(orderRef, (ref) => /^cafe\.pg-[0-9a-f]{8}$/.test(ref ?? ''));
    await page.getByRole('button', { name: 'New order' }).click();
    const cafe = (await until(orderRef, (ref) => ref !== first && /^cafe\./.test(ref ?? ''))) ?? '';
    await shows(page, ['order-ref', cafe], {
      script: `order-ref="${cafe}"`,
      esm: cafe,
      react: cafe,
    });
    await checkout(page)
      .getByRole('button', { name: /R\$\s?89[.,]90/ })
      .waitFor();
    await control('mode', 'apm').check();
    await page.locator('#pg-method').selectOption('PIX');
    await shows(page, ['payment-method', 'PIX'], { script: 'payment-method="PIX"' });
    await checkout(page).getByLabel('CPF').waitFor();
    await page.locator('#pg-saved').check();
    await until(
      () =>
        checkout(page).evaluate(
          (el) => (el as HTMLElement & { shopper: Record<string, string> }).shopper.email,
        ),
      (email) => email === 'ada@example.com',
      { what: 'the demo shopper prefilled' },
    );
    assert.ok((await snippet(page, 'react')).includes('shopper={{'));
    await page.locator('#pg-locale').selectOption('ar');
    await shows(page, ['dir', 'rtl'], { script: 'locale="ar"' });

    // The address holds it all: reloaded, the same element (but for a new order) and snippets.
    await page.waitForURL(/locale=ar/);
    const before = { element: await described(checkout(page)), snippets: await snippets(page) };
    await page.reload();
    await settled(checkout(page));
    const again = { element: await described(checkout(page)), snippets: await snippets(page) };
    const ref = (seen: typeof before) =>
      JSON.stringify(seen).replaceAll(/cafe\.pg-[0-9a-f]{8}/g, 'REF');
    assert.equal(ref(again), ref(before));
    assert.ok(await page.locator('#pg-saved').isChecked());
    const selects = ['currency', 'method', 'locale', 'theme', 'preset'];
    const values = await Promise.all(selects.map((id) => page.locator(`#pg-${id}`).inputValue()));
    assert.deepEqual(values, ['BRL', 'PIX', 'ar', 'dark', 'night']);
  });

  it('makes the same element from each snippet pasted into an empty page', async () => {
    const setup =
      '?mode=card&locale=de&fields=email+first_name+last_name+billing&preset=night&colorPrimary=%23f59e0b&borderRadius=0px';
    const page = await open(setup);
    const element = checkout(page);
    const width = Math.round((await element.boundingBox())?.width ?? 0);
    const shown = { described: await described(element), picture: await element.screenshot() };
    // The tabs answer the arrow keys.
    await page.getByRole('tab', { name: 'Script tag' }).click();
    await page.keyboard.press('ArrowRight');
    assert.equal(
      await page.getByRole('tab', { name: 'ESM import' }).getAttribute('aria-selected'),
      'true',
    );
    await page.keyboard.press('End');
    assert.ok(
      await page
        .getByRole('tab', { name: 'React 19' })
        .evaluate((tab) => tab === document.activeElement),
    );
    // A page the test serves through Playwright has no address of its own, so Chromium's Local
    // Network Access counts it public and asks before it reaches 127.0.0.1 (the companion); a
    // page served from 127.0.0.1 itself would not ask. The shopper's answer, given ahead:
    const context = await world.browser.newContext({ permissions: ['local-network-access'] });
    try {
      const code = await snippets(page);
      const origin = world.stack.storefrontUrl;
      // The three pages side by side: the script tag as it is, the others bundled first.
      const made = await Promise.all([
        pasted(context, origin, width + 16, code.script),
        pasted(context, origin, width + 16, code.esm, await bundled('esm', code.esm)),
        pasted(context, origin, width + 16, code.react, await bundled('react', code.react)),
      ]);
      for (const [i, kind] of (['script', 'esm', 'react'] as const).entries()) {
        // In front: a tab behind another gets no animation frames, which a picture waits for.
        await (made[i] as Page).bringToFront();
        const other = (made[i] as Page).locator('acquiring-checkout');
        await settled(other);
        const seen = await described(other);
        // The script tag writes attributes, as the preview's element has them; code sets properties.
        if (kind === 'script') assert.deepEqual(seen, shown.described, kind);
        else assert.deepEqual(seen.properties, shown.described.properties, kind);
        const picture = await other.screenshot();
        const { differing, total } = await differingPixels(context, shown.picture, picture);
        assert.equal(differing, 0, `${kind}: ${differing} of ${total} pixels differ`);
      }
    } finally {
      await context.close();
    }
  });

  it('pays against the sandbox', async () => {
    const shopper = new Shopper(await world.page(), world);
    await shopper.open('/playground');
    const element = checkout(shopper.page);
    await settled(element);
    const ref = (await element.getAttribute('order-ref')) ?? '';
    await element.getByLabel('Email').fill('ada@example.com');
    await element.getByLabel('First name').fill('Ada');
    await element.getByLabel('Last name').fill('Lovelace');
    await shopper.pay();
    await Shopper.payCard(shopper.frame, CARDS.success);
    const paid = await shopper.outcome();
    assert.deepEqual([paid.status, paid.sentence], ['authorised', SENTENCES.paid]);
    assert.equal(await world.storeStatus(ref), 'authorised');
    assert.equal(await world.serviceStatus(paid.order_no), 'authorised');
    assert.deepEqual(await shopper.violations(), [], 'no CSP violation');
  });

  it('passes axe at 1280 and 375 px', async () => {
    const page = await open('?locale=he&preset=flat&mode=auto');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      assert.deepEqual(await violations(page), [], `${width} px`);
      const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.equal(scroll, width, 'nothing wider than the window');
    }
  });

  it('is pictured for the docs', { skip: process.env.UPDATE_SCREENSHOTS !== '1' }, async () => {
    const setup = '?mode=card&preset=night&colorPrimary=%23f59e0b';
    await picture(await open(`${setup}&fields=email+first_name+last_name+billing`), 'playground');
    // On a phone, the window at the preview: the element, then the start of its code.
    const phone = await open(setup, { width: 375, height: 812 });
    await phone.locator('.preview').evaluate((preview) => preview.scrollIntoView());
    await screenshot(phone, { path: join(picturesDir('screenshots'), 'playground-phone.png') });
  });
});
