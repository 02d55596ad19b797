/**
 * The saved-card flows every engine runs (flows.ts runs them, last: the first saves the demo
 * shopper's card): a card saved with a payment, then the next order paid with it in one click;
 * and a card that needs 3-D Secure, saved through its challenge on the service's page, then paid
 * at the challenge's code alone, with no word about typing the card again.
 */
import assert from 'node:assert/strict';
import type { DemoStack } from '../../../demo/stack.ts';
import { until } from '../../server/helpers/until.ts';
import { CARDS, SENTENCES } from '../helpers/demo.ts';
import type { Shopper } from './shopper.ts';

const PAID = ['authorised', SENTENCES.paid];

/** What flows.ts's checks give these flows. */
export interface Checks {
  /** Waits until the companion's store and the sandbox both say `status` for the order. */
  agree(ref: string, status: string): Promise<void>;
  /** The sandbox's record of a payment. */
  atService(orderNo: string): Promise<Record<string, unknown>>;
  /** The outcome's status and the sentence the shopper reads. */
  said(s: Shopper): Promise<string[]>;
}

export function savedCardFlows(
  flow: (title: string, run: (s: Shopper) => Promise<void>) => void,
  stack: () => DemoStack,
  { agree, atService, said }: Checks,
): void {
  flow('a saved card: saved with a payment, then the next order paid in one click', async (s) => {
    await s.tab.click('page', { button: 'Sign in as demo shopper' });
    await s.tab.waitFor('page', { button: 'Sign out' });
    await s.add('mug');
    await s.checkout('card');
    await s.typeCard('4111111111111111');
    await s.tab.click('element', { label: 'Save this card for next time' });
    await s.pay();
    assert.deepEqual(await said(s), PAID);

    await s.add('tee');
    const ref = await s.checkout('card');
    const saved = { label: 'Visa ending 1111, expires 12/30' };
    await s.tab.waitFor('element', saved);
    const chosen = 'input[name="saved-card"]:checked:not([value=""])';
    assert.equal(await s.tab.count('element', { css: chosen }), 1, 'the saved card is chosen');
    assert.equal(await s.tab.count('element', { css: 'input[name^="card."]' }), 0);
    await s.pay();
    const second = await s.outcome();
    assert.deepEqual([second.status, second.sentence], PAID);
    const payment = await atService(second.order_no);
    assert.match(String((payment.details as Record<string, unknown>).token_id), /\S/);
    assert.equal(payment.card, '411111******1111');
    await agree(ref, 'authorised');
  });

  flow('a saved card that needs 3-D Secure: the service’s page at its challenge', async (s) => {
    // The demo shopper starts with none (the flow before saved one): the card fields show.
    const store = stack().companion().context.store.savedCards;
    for (const card of await store.list('demo-shopper')) await store.remove('demo-shopper', card.card_id); // prettier-ignore
    await s.tab.click('page', { button: 'Sign in as demo shopper' });
    await s.tab.waitFor('page', { button: 'Sign out' });
    await s.add('mug');
    await s.checkout('card');
    await s.typeCard(CARDS.challenge);
    await s.tab.click('element', { label: 'Save this card for next time' });
    await s.pay();
    await s.payChallenge('1234');
    assert.deepEqual(await said(s), PAID);
    // Its token comes in a notification of the service's own, after the outcome.
    const cards = () => store.list('demo-shopper');
    await until(cards, (list) => list.some((c) => c.last4 === '3220'), {
      timeoutMs: 10_000, everyMs: 100, what: 'the card saved on the page',
    }); // prettier-ignore

    await s.add('tee');
    const ref = await s.checkout('card');
    const saved = { label: 'Visa ending 3220, expires 12/30' };
    await s.tab.waitFor('element', saved);
    await s.tab.click('element', saved);
    await s.pay();
    await s.tab.fill('frame', { label: 'Code sent to your phone' }, '1234');
    // Nothing to type again, so no word about typing the card.
    assert.equal(await s.tab.count('element', { css: '[part="notice"]' }), 0);
    await s.tab.click('frame', { button: 'Confirm' });
    const paid = await s.outcome();
    assert.deepEqual([paid.status, paid.sentence], PAID);
    assert.match(paid.order_no, /-2$/, 'the direct attempt, then the page');
    await agree(ref, 'authorised');
  });
}
