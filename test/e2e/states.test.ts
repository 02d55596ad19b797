/**
 * Every state a shopper can reach on the demo storefront, reached as a shopper reaches it: each is
 * asserted (what the shopper reads, the roles), checked with axe, and pictured for the gallery
 * (docs/gallery, written with UPDATE_SCREENSHOTS=1; see picturesDir). One demo stack for the file;
 * the states of one payment (idle → … → success) share a tab and run in order.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import { RETURN_MESSAGE_TYPE } from '../../widget/src/protocol.ts';
import { until } from '../server/helpers/until.ts';
import { violations } from './helpers/axe.ts';
import { CARDS, SENTENCES, Shopper, startWorld, type World } from './helpers/demo.ts';
import { picturesDir, screenshot } from './helpers/pictures.ts';

/** Room left around the element in its picture, in CSS pixels. */
const MARGIN = 12;

/**
 * Pictures `target` (the element, unless told) with a margin of the page around it, or the
 * window when `target` is the page itself. A target that fits the window is taken from the
 * window: a whole-page capture leaves the cross-origin payment page's frame blank.
 */
async function picture(page: Page, name: string, target: Locator | 'window' = element(page)) {
  const path = join(picturesDir('gallery'), `${name}.png`);
  if (target === 'window') return screenshot(page, { path });
  await target.scrollIntoViewIfNeeded();
  const box = await target.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height, sx: scrollX, sy: scrollY };
  });
  const view = page.viewportSize();
  const inWindow = view !== null && box.y >= 0 && box.y + box.height <= view.height;
  const [dx, dy] = inWindow ? [0, 0] : [box.sx, box.sy];
  await screenshot(page, {
    path,
    fullPage: !inWindow,
    clip: {
      x: Math.max(0, box.x + dx - MARGIN),
      y: Math.max(0, box.y + dy - MARGIN),
      width: box.width + 2 * MARGIN,
      height: Math.min(box.height + 2 * MARGIN, inWindow ? view.height - box.y + MARGIN : Infinity),
    },
  });
}

const element = (page: Page) => page.locator('acquiring-checkout');
const statusLine = (page: Page) => element(page).locator('[part~="status"]');
const partOf = (page: Page, name: string) => element(page).locator(`[part~="${name}"]`);

/** The part of the element that has the focus, if any (inside its shadow root). */
const focusedPart = (page: Page) =>
  element(page).evaluate((el) => el.shadowRoot?.activeElement?.getAttribute('part') ?? null);

/** Whether `locator` lies wholly inside the window (to the pixel: scrolling rounds). */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  return !!box && !!size && box.y > -1 && box.y + box.height < size.height + 1;
}

/** `above` ends before `below` starts, down the page. */
async function assertAbove(above: Locator, below: Locator): Promise<void> {
  const [a, b] = [await above.boundingBox(), await below.boundingBox()];
  assert.ok(a && b && a.y + a.height <= b.y, 'read first: above Pay');
}

/** The hosted page in the element's frame, as a Playwright frame (for axe). */
async function hostedPage(page: Page): Promise<Frame> {
  const frame = await (await element(page).locator('iframe').elementHandle())?.contentFrame();
  assert.ok(frame, 'the payment frame');
  return frame;
}

async function noViolations(page: Page, frame?: Frame): Promise<void> {
  assert.deepEqual(await violations(page), [], 'the storefront');
  if (frame) assert.deepEqual(await violations(frame), [], 'the payment page');
}

describe('every state a shopper can reach, asserted, checked with axe and pictured', () => {
  let world: World;
  before(async () => {
    world = await startWorld();
  });
  after(() => world.close());

  /** A shopper with a mug in the cart and the checkout open in `mode`. */
  async function shopper(
    mode: 'checkout' | 'card' = 'checkout',
    viewport?: { width: number; height: number },
    beforeOpen?: (page: Page) => Promise<unknown>,
  ): Promise<Shopper> {
    const s = new Shopper(await world.page(viewport), world);
    await beforeOpen?.(s.page);
    await s.open();
    await s.add('Enamel mug');
    await s.checkout(mode);
    return s;
  }

  describe('one payment, from the empty form to paid (one tab)', () => {
    let s: Shopper;
    before(async () => {
      s = await shopper();
    });

    it('idle: the form, its labels and Pay, compact, and nothing said yet', async () => {
      const form = element(s.page);
      for (const label of ['Email', 'First name', 'Last name', 'Country', 'City', 'Address'])
        assert.ok(await form.getByLabel(label).isVisible(), label);
      assert.ok(await form.getByRole('button', { name: 'Pay' }).isEnabled());
      // No room kept for words not said: no empty status line, no blank line under each field.
      assert.equal(await statusLine(s.page).count(), 0);
      assert.equal(await partOf(s.page, 'error-message').count(), 0);
      assert.equal(await form.getByRole('alert').count(), 0);
      const height = (await partOf(s.page, 'form').boundingBox())?.height ?? Infinity;
      assert.ok(height < 560, `7 fields and Pay in ${height} px`);
      // On the page's own background: nothing painted, nothing padded.
      const look = await form.evaluate((el) => {
        const style = getComputedStyle(el);
        return [style.backgroundColor, style.paddingTop];
      });
      assert.deepEqual(look, ['rgba(0, 0, 0, 0)', '0px']);
      await noViolations(s.page);
      await picture(s.page, 'idle');
    });

    it('validation errors: each field says what is wrong, and the first takes the focus', async () => {
      const form = element(s.page);
      await form.getByRole('button', { name: 'Pay' }).click();
      const email = form.getByLabel('Email');
      await until(() => email.evaluate((input) => input.matches(':focus')), Boolean, {
        what: 'the focus on Email',
      });
      await email.fill('ada@example');
      await form.getByLabel('First name').fill('Ada');
      const errorOf = async (label: string) => {
        const input = form.getByLabel(label);
        assert.equal(await input.getAttribute('aria-invalid'), 'true', label);
        const id = await input.getAttribute('aria-describedby');
        return (await form.locator(`[id="${id}"]`).textContent())?.trim();
      };
      assert.equal(await errorOf('Email'), 'Enter an email address like name@example.com.');
      assert.equal(await errorOf('Last name'), 'This field is required.');
      assert.equal(await form.getByLabel('First name').getAttribute('aria-invalid'), 'false');
      await noViolations(s.page);
      await picture(s.page, 'validation-errors');
    });

    it('loading: the progress line while the payment page is on its way', async () => {
      await s.fillDetails();
      // The payment page is held back until the loading state has been seen and pictured.
      let release = () => {};
      let asked = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const requested = new Promise<void>((resolve) => (asked = resolve));
      const held = `${world.stack.companionUrl}/pay/**`;
      await s.page.route(held, async (route) => {
        asked();
        await released;
        await route.continue();
      });
      await s.pay();
      await requested;
      const progress = element(s.page).locator('[part~="progress"]');
      await progress.waitFor();
      assert.equal(await progress.getAttribute('role'), 'status');
      assert.equal((await progress.textContent())?.trim(), 'Opening the secure payment page…');
      // The form folds away: the details can no longer change, the email says whose they are.
      const form = element(s.page);
      assert.equal(await form.getByRole('textbox').count(), 0);
      assert.equal(await form.getByRole('button', { name: 'Pay' }).count(), 0);
      assert.equal((await partOf(s.page, 'summary').textContent())?.trim(), 'ada@example.com');
      assert.ok(await form.getByRole('button', { name: 'Back' }).isVisible());
      // The payment page is brought into view, and has the focus.
      const paymentPage = partOf(s.page, 'payment-page');
      await until(() => inView(s.page, paymentPage), Boolean, { what: 'the payment page in view' });
      assert.equal(await focusedPart(s.page), 'payment-page');
      await noViolations(s.page);
      await picture(s.page, 'loading');
      release();
      await s.frame.getByLabel('Card number').waitFor();
      await s.page.unroute(held);
    });

    it('frame: the payment page in the element, titled, the progress line gone', async () => {
      const frame = element(s.page).locator('iframe');
      assert.equal(await frame.getAttribute('title'), 'Secure payment page');
      await element(s.page).locator('[part~="progress"]').waitFor({ state: 'detached' });
      assert.ok(await s.frame.getByRole('button', { name: 'Pay' }).isVisible());
      assert.ok(await inView(s.page, frame), 'the whole payment page in the window');
      // The frame, border included, is as wide as the element.
      const [outer, inner] = [await element(s.page).boundingBox(), await frame.boundingBox()];
      assert.equal(inner?.width, outer?.width);
      await noViolations(s.page, await hostedPage(s.page));
      await picture(s.page, 'frame');
    });

    it('decline, then retry: the decline said, then gone on the next attempt', async () => {
      await Shopper.payCard(s.frame, CARDS.decline);
      const declined = await s.outcome();
      assert.deepEqual([declined.status, declined.sentence], ['declined', SENTENCES.declined]);
      const pay = element(s.page).getByRole('button', { name: 'Pay' });
      assert.ok(await pay.isEnabled());
      // An error, said first: above Pay, an alert, and focused.
      const failure = partOf(s.page, 'failure');
      assert.equal(await failure.getAttribute('role'), 'alert');
      await assertAbove(failure, pay);
      assert.equal(await focusedPart(s.page), 'status failure');
      await noViolations(s.page);
      await picture(s.page, 'declined');
      await s.pay();
      await s.frame.getByLabel('Card number').waitFor();
      assert.equal(await statusLine(s.page).count(), 0);
    });

    it('success: the result alone, nothing left to press or fill in', async () => {
      await Shopper.payCard(s.frame, CARDS.success);
      const paid = await s.outcome();
      assert.deepEqual([paid.status, paid.sentence], ['authorised', SENTENCES.paid]);
      assert.equal(await statusLine(s.page).getAttribute('role'), 'status');
      assert.equal(await element(s.page).getByRole('button').count(), 0);
      assert.equal(await element(s.page).getByRole('textbox').count(), 0);
      // A result view: a check mark (hidden from assistive technology) over the sentence.
      const result = partOf(s.page, 'result');
      assert.equal(await result.locator('svg').getAttribute('aria-hidden'), 'true');
      assert.equal(await focusedPart(s.page), 'result');
      // Under it, the amount the companion told (the mug: $12.00).
      assert.equal(await partOf(s.page, 'amount').textContent(), '$12.00');
      await noViolations(s.page);
      // With the cart around it: the shop's side too.
      await picture(s.page, 'success', s.page.locator('.cart'));
    });
  });

  it('cancelled on the payment page: said as such, and Pay is there again', async () => {
    const s = await shopper();
    await s.fillDetails();
    await s.pay();
    await s.frame.getByRole('button', { name: 'Cancel' }).click();
    const cancelled = await s.outcome();
    assert.deepEqual([cancelled.status, cancelled.sentence], ['cancelled', SENTENCES.cancelled]);
    const pay = element(s.page).getByRole('button', { name: 'Pay' });
    assert.ok(await pay.isEnabled());
    // A neutral notice, not an error, above Pay and focused.
    assert.equal(await partOf(s.page, 'failure').count(), 0);
    await assertAbove(partOf(s.page, 'notice'), pay);
    assert.equal(await focusedPart(s.page), 'status notice');
    await noViolations(s.page);
    await picture(s.page, 'cancelled');
  });

  it('card mode: the card fields, grouped as the brand prints them', async () => {
    const s = await shopper('card');
    await s.fillDetails();
    const form = element(s.page);
    const number = form.getByLabel('Card number');
    await number.fill('378282246310005');
    assert.equal(await number.inputValue(), '3782 822463 10005', 'American Express');
    await number.fill('4111111111111111');
    assert.equal(await number.inputValue(), '4111 1111 1111 1111', 'Visa');
    // The label reads as the value shows.
    await form.getByLabel('Expiry (MM / YY)').fill('1230');
    assert.equal(await form.getByLabel('Expiry (MM / YY)').inputValue(), '12 / 30');
    await form.getByLabel('Security code').fill('123');
    // Expiry and code share a row.
    const [expiry, code] = [
      await form.getByLabel('Expiry (MM / YY)').boundingBox(),
      await form.getByLabel('Security code').boundingBox(),
    ];
    assert.ok(expiry && code && expiry.y === code.y && expiry.x < code.x, 'side by side');
    assert.equal(await form.getByLabel('Card number').getAttribute('autocomplete'), 'cc-number');
    await noViolations(s.page);
    await picture(s.page, 'card-mode');
  });

  it('dark: theme="dark" on a light page, its errors readable', async () => {
    const s = await shopper();
    const form = element(s.page);
    await form.evaluate((el) => el.setAttribute('theme', 'dark'));
    await s.fillDetails();
    await form.getByLabel('Postal code').fill('');
    await form.getByRole('button', { name: 'Pay' }).click();
    await form.getByText('This field is required.').waitFor();
    assert.equal(await form.getAttribute('data-scheme'), 'dark');
    // Its own background, so its content keeps off the edge.
    const look = await form.evaluate((el) => {
      const style = getComputedStyle(el);
      return [style.backgroundColor, style.paddingTop, style.borderTopLeftRadius];
    });
    assert.deepEqual(look, ['rgb(17, 24, 39)', '18.75px', '12px'], '1.25rem on this page');
    await noViolations(s.page);
    await picture(s.page, 'dark');
  });

  it('RTL: locale="ar" reads right to left, in Arabic, errors too', async () => {
    const s = await shopper();
    const form = element(s.page);
    await form.evaluate((el) => el.setAttribute('locale', 'ar'));
    await form.getByRole('button', { name: 'ادفع' }).click();
    await form.getByText('هذا الحقل مطلوب.').first().waitFor();
    assert.equal(await form.getAttribute('dir'), 'rtl');
    assert.ok(await form.getByLabel('البريد الإلكتروني').isVisible());
    const direction = await form
      .locator('[part~="form"]')
      .evaluate((f) => getComputedStyle(f).direction);
    assert.equal(direction, 'rtl');
    await noViolations(s.page);
    await picture(s.page, 'rtl');
  });

  it('in review: a calm result, and the shop will tell', async () => {
    const s = await shopper();
    await s.fillDetails();
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.review);
    const review = await s.outcome();
    assert.deepEqual([review.status, review.sentence], ['review', SENTENCES.review]);
    assert.equal(await partOf(s.page, 'result').getAttribute('class'), 'review');
    assert.equal(await element(s.page).getByRole('button').count(), 0);
    await noViolations(s.page);
    await picture(s.page, 'review', s.page.locator('.cart'));
  });

  it('resume after reload: Continue your payment, and the same attempt goes on', async () => {
    const s = await shopper();
    await s.fillDetails();
    await s.pay();
    await s.frame.getByLabel('Card number').waitFor();
    await s.page.reload();
    const resume = element(s.page).getByRole('button', { name: 'Continue your payment' });
    await resume.waitFor();
    assert.equal(await element(s.page).locator('input').count(), 0, 'no form to fill again');
    await noViolations(s.page);
    await picture(s.page, 'resume');
    await resume.click();
    await Shopper.payCard(s.frame, CARDS.success);
    const paid = await s.outcome();
    assert.deepEqual([paid.status, paid.sentence], ['authorised', SENTENCES.paid]);
    assert.match(paid.order_no, /-1$/, 'the attempt begun before the reload');
  });

  it('back from a payment page that paid meanwhile: the payment is still reported', async () => {
    // The return page's word never reaches the element: as if the shopper left before it came.
    // Swallowed in the storefront's window by a listener there before the element's (the same
    // phase runs in the order listeners came): routing the frame's request away instead raced
    // the frame's own process in Chromium, and the element, told, took Back away before the press.
    const s = await shopper('checkout', undefined, (page) =>
      page.addInitScript((type) => {
        addEventListener('message', (event) => {
          if ((event.data as { type?: string } | null)?.type === type)
            event.stopImmediatePropagation();
        });
      }, RETURN_MESSAGE_TYPE),
    );
    const ref = (await element(s.page).getAttribute('order-ref')) ?? '';
    await s.fillDetails();
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.success);
    await until(
      () => world.storeStatus(ref),
      (status) => status === 'authorised',
      {
        what: 'the payment authorised at the companion',
      },
    );
    // From the keyboard: Back is a button like any other.
    await element(s.page).getByRole('button', { name: 'Back' }).press('Enter');
    const paid = await s.outcome();
    assert.deepEqual([paid.status, paid.sentence], ['authorised', SENTENCES.paid]);
  });

  it('375 px: the payment page takes the whole screen, and Back returns to the form', async () => {
    const viewport = { width: 375, height: 812 };
    const s = await shopper('checkout', viewport);
    await s.fillDetails();
    await noViolations(s.page);
    await picture(s.page, 'phone-375-form');
    await s.pay();
    await s.frame.getByLabel('Card number').waitFor();
    const frame = element(s.page).locator('iframe');
    const back = element(s.page).getByRole('button', { name: 'Back' });
    assert.deepEqual(await partOf(s.page, 'payment-page').boundingBox(), {
      x: 0,
      y: 0,
      ...viewport,
    });
    const [bar, page] = [await back.boundingBox(), await frame.boundingBox()];
    assert.ok(bar && page && bar.y >= 0 && bar.y + bar.height <= page.y, 'Back above the page');
    assert.deepEqual([page.x, page.width, page.y + page.height], [0, 375, 812], 'the rest of it');
    // The page names what is paid for, never the order number (the shop's and the service's).
    assert.doesNotMatch(await s.frame.locator('body').innerText(), /-\d+\b/);
    await noViolations(s.page, await hostedPage(s.page));
    await picture(s.page, 'phone-375', 'window');

    // Back: the form as it was, editable, and Pay goes on with the same attempt.
    await back.click();
    const email = element(s.page).getByLabel('Email');
    assert.equal(await email.inputValue(), 'ada@example.com');
    assert.ok(await email.isEditable());
    assert.equal(await focusedPart(s.page), 'pay-button');
    await s.pay();
    await s.frame.getByLabel('Card number').waitFor();
    await Shopper.payCard(s.frame, CARDS.success);
    const paid = await s.outcome();
    assert.match(paid.order_no, /-1$/, 'the same attempt');
    assert.equal(paid.status, 'authorised');
  });
});
