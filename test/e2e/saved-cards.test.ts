/**
 * Saved cards end to end (#14 item 1), on the demo storefront (script tag, strict CSP): the demo
 * shopper signs in, saves a card with a card payment, pays the next order with it in one click
 * (its token at the service, no card field in the page), and removes it; a saved card that asks
 * for 3-D Secure goes on to the service's page, at its challenge.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CARDS, SENTENCES, Shopper, useWorld } from './helpers/demo.ts';
import { until } from '../server/helpers/until.ts';

describe('as a signed-in shopper with saved cards (demo storefront)', () => {
  const suite = useWorld();

  /** The card inputs the element ever showed since `watchCardInputs` (in its shadow root). */
  async function watchCardInputs(s: Shopper): Promise<() => Promise<number>> {
    await s.page.evaluate(() => {
      const root = document.querySelector('acquiring-checkout')?.shadowRoot;
      const w = window as unknown as { cardInputs: number };
      w.cardInputs = root?.querySelectorAll('input[name^="card."]').length ?? 0;
      new MutationObserver(() => {
        w.cardInputs += root?.querySelectorAll('input[name^="card."]').length ?? 0;
      }).observe(root as Node, { childList: true, subtree: true });
    });
    return () => s.page.evaluate(() => (window as unknown as { cardInputs: number }).cardInputs);
  }

  /** A fresh tab on the storefront, the demo shopper signed in. */
  async function signedIn(): Promise<Shopper> {
    const s = new Shopper(await suite.world.page(), suite.world);
    await s.open();
    await s.page.getByRole('button', { name: 'Sign in as demo shopper' }).click();
    await s.page.getByText('Signed in as Ada, the demo shopper').waitFor();
    return s;
  }

  it('saves a card, pays the next order with it in one click, and removes it', async () => {
    const s = await signedIn();
    const form = s.page.locator('acquiring-checkout');

    // The first order: a card typed in the element, "Save this card" ticked by the shopper.
    await s.add('Enamel mug');
    await s.checkout('card');
    const save = form.getByLabel('Save this card for next time');
    await save.waitFor();
    assert.equal(await save.isChecked(), false, 'never ticked for the shopper');
    assert.equal(
      await form.getByLabel('Email').inputValue(),
      'ada@example.com',
      'the shop knows her',
    );
    await form.getByLabel('Card number').fill('4111111111111111');
    await form.getByLabel('Expiry (MM / YY)').fill('12/30');
    await form.getByLabel('Security code').fill('123');
    await save.check();
    await s.pay();
    const first = await s.outcome();
    assert.deepEqual([first.status, first.sentence], ['authorised', SENTENCES.paid]);

    // The next order: the saved card is listed and chosen; Pay is the one click.
    await s.add('Organic T-shirt');
    const ref = await s.checkout('card');
    const saved = form.getByRole('radio', { name: 'Visa ending 1111, expires 12/30' });
    await saved.waitFor();
    assert.equal(await saved.isChecked(), true);
    const cardInputs = await watchCardInputs(s);
    await s.pay();
    const second = await s.outcome();
    assert.deepEqual([second.status, second.sentence], ['authorised', SENTENCES.paid]);
    assert.equal(await cardInputs(), 0, 'no card input was shown for the saved card');
    const order = await suite.world.stack.companion().context.store.orders.get(ref);
    const atService = (await suite.world.admin(`/orders/${second.order_no}`)) as {
      card?: string;
      details: Record<string, unknown>;
    };
    assert.match(String(atService.details.token_id), /\S/, 'the service got the saved token');
    assert.equal(atService.card, '411111******1111');
    assert.equal(order?.status, 'authorised');
    await suite.merchant.agree(ref, 'authorised');

    // Removed from the next order's list: the list is gone, and the companion forgot it.
    await s.add('Risograph poster');
    await s.checkout('card');
    await form.getByRole('radio', { name: 'Visa ending 1111, expires 12/30' }).waitFor();
    await form.getByRole('button', { name: 'Remove' }).click();
    await form.getByRole('status').filter({ hasText: 'Card removed.' }).waitFor();
    assert.equal(await form.getByRole('radio').count(), 0);
    assert.equal(await form.getByLabel('Card number').count(), 1, 'a new card, typed');
    await s.add('Risograph poster');
    await s.checkout('card');
    await save.waitFor();
    assert.equal(await form.getByRole('radio').count(), 0, 'no saved card on the next order');
    assert.deepEqual(await s.violations(), []);
  });

  it('a saved card that asks for 3-D Secure opens the service’s page at its challenge', async () => {
    const s = await signedIn();
    const form = s.page.locator('acquiring-checkout');
    // Saved while paid: typed, refused by the direct payment for its challenge, then typed again
    // on the service's page and its challenge passed there.
    await s.add('Enamel mug');
    await s.checkout('card');
    await form.getByLabel('Card number').fill(CARDS.challenge);
    await form.getByLabel('Expiry (MM / YY)').fill('12/30');
    await form.getByLabel('Security code').fill('123');
    await form.getByLabel('Save this card for next time').check();
    await s.pay();
    await Shopper.payCard(s.frame, CARDS.challenge);
    await s.frame.getByLabel('Code sent to your phone').fill('1234');
    await s.frame.getByRole('button', { name: 'Confirm' }).click();
    assert.deepEqual((await s.outcome()).status, 'authorised');
    // The service tells the card's token in a notification of its own, after the outcome.
    const cards = () => suite.world.stack.companion().context.store.savedCards.list('demo-shopper');
    await until(cards, (list) => list.length === 1, { what: 'the card saved on the page' });

    // The next order with it: the service's page opens at the code, nothing to type again.
    await s.add('Organic T-shirt');
    const ref = await s.checkout('card');
    const saved = form.getByRole('radio', { name: 'Visa ending 3220, expires 12/30' });
    await saved.waitFor();
    assert.equal(await saved.isChecked(), true);
    await s.pay();
    await s.frame.getByLabel('Code sent to your phone').fill('1234');
    assert.equal(await s.frame.getByLabel('Card number').count(), 0, 'no card to type again');
    await s.frame.getByRole('button', { name: 'Confirm' }).click();
    const paid = await s.outcome();
    assert.deepEqual([paid.status, paid.sentence], ['authorised', SENTENCES.paid]);
    assert.match(paid.order_no, /-2$/, 'the second attempt: the checkout');
    await suite.merchant.agree(ref, 'authorised');
    assert.deepEqual(await s.violations(), []);
  });

  it('shows nothing of saved cards to a shopper who is not signed in', async () => {
    const s = new Shopper(await suite.world.page(), suite.world);
    await s.open();
    await s.add('Enamel mug');
    const answered = s.page.waitForResponse((r) => r.url().endsWith('/api/saved-cards'));
    await s.checkout('card');
    const form = s.page.locator('acquiring-checkout');
    // The companion said the shopper is signed out: nothing more comes.
    assert.deepEqual(await (await answered).json(), { signed_in: false, cards: [] });
    await form.getByLabel('Card number').waitFor();
    assert.equal(await form.getByLabel('Save this card for next time').count(), 0);
    assert.equal(await form.getByRole('radio').count(), 0);
  });
});
