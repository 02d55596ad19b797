/**
 * Saved cards (#14 item 1) on the real element, against real companions: one with no
 * resolveShopper (every shopper anonymous), and one whose shoppers sign in with a cookie the test
 * sets on the page's host (web-test-runner.config.mjs). Each test is a shopper of its own.
 */
import { expect, fixture, oneEvent, waitUntil } from '@open-wc/testing';
import '../../widget/src/index.ts';
import type { AcquiringCheckout } from '../../widget/src/index.ts';
import type { SavedCardsResponse } from '../../widget/src/contract.ts';
import { input, part, type } from './helpers.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { companion, walletCompanion } from '/__stack.js';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${++counter}`;

/** Signs a new shopper in (the cookie the companion's resolveShopper reads); answers its id. */
function signIn(): string {
  const id = `shopper-${unique()}`;
  document.cookie = `wtr_shopper=${id}; path=/`;
  return id;
}

function signOut(): void {
  document.cookie = 'wtr_shopper=; path=/; max-age=0';
}

function checkout(mode: string, at = walletCompanion as string): Promise<AcquiringCheckout> {
  return fixture<AcquiringCheckout>(
    `<acquiring-checkout companion="${at}" order-ref="mug.wallet${unique()}" mode="${mode}" fields="email"></acquiring-checkout>`,
  );
}

interface Sent {
  url: string;
  init: RequestInit | undefined;
  body: Record<string, unknown> | undefined;
  answered: Promise<Response>;
}

/** Every request the page sends, passed on to the real network. */
function recordRequests(): { sent: Sent[]; restore: () => void } {
  const original = window.fetch;
  const sent: Sent[] = [];
  window.fetch = (url, init) => {
    const answered = original(url, init);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    // A copy of the answer, taken before the element reads it.
    sent.push({ url: String(url), init, body, answered: answered.then((r) => r.clone()) });
    return answered;
  };
  return { sent, restore: () => (window.fetch = original) };
}

/** A card saved for the signed-in shopper through the companion, as an earlier order would. */
async function savedCard(number = '4111111111111111'): Promise<void> {
  const response = await fetch(`${walletCompanion}/api/card-payments`, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      order_ref: `mug.earlier${unique()}`,
      attempt_key: crypto.randomUUID(),
      client_secret: `secret-${crypto.randomUUID()}`,
      card: { number, expiry_month: '12', expiry_year: '2030', security_code: '123' },
      save_card: true,
    }),
  });
  expect(response.status, await response.clone().text()).to.equal(201);
}

async function savedCards(): Promise<SavedCardsResponse> {
  return (await fetch(`${walletCompanion}/api/saved-cards`, { credentials: 'include' })).json();
}

const cardOptions = (el: AcquiringCheckout) =>
  [...(el.shadowRoot?.querySelectorAll('[part="saved-card"] label') ?? [])].map((label) =>
    label.textContent?.trim(),
  );

async function shown(el: AcquiringCheckout, name: string): Promise<HTMLElement> {
  await waitUntil(() => part(el, name), `${name} is shown`);
  await el.updateComplete;
  return part(el, name);
}

afterEach(signOut);

describe('saved cards', () => {
  it('an anonymous shopper: asked once with the cookies, and nothing more is shown', async () => {
    const { sent, restore } = recordRequests();
    try {
      const el = await checkout('card', companion);
      const asked = sent.filter((r) => r.url.endsWith('/api/saved-cards'));
      expect(asked.map((r) => r.init?.credentials)).to.deep.equal(['include']);
      expect(await (await asked[0]!.answered).json()).to.deep.equal({
        signed_in: false,
        cards: [],
      });
      await el.updateComplete;
      expect(part(el, 'saved-cards')).to.equal(null);
      expect(part(el, 'save-card')).to.equal(null);
      // Its part was never loaded.
      const loaded = performance.getEntriesByType('resource').map((entry) => entry.name);
      expect(loaded.filter((name) => /\/wallet\.(ts|js)/.test(name))).to.deep.equal([]);
    } finally {
      restore();
    }
  });

  it('is not asked for in apm mode', async () => {
    const { sent, restore } = recordRequests();
    try {
      signIn();
      await checkout('apm');
      expect(sent.filter((r) => r.url.includes('saved-cards'))).to.deep.equal([]);
    } finally {
      restore();
    }
  });

  it('offers a signed-in shopper "Save this card", unticked; ticked, the payment saves it', async () => {
    signIn();
    const el = await checkout('card');
    const save = (await shown(el, 'save-card')).querySelector('input') as HTMLInputElement;
    expect(save.checked).to.equal(false);
    expect(part(el, 'save-card').textContent?.trim()).to.equal('Save this card for next time');
    expect(part(el, 'saved-cards'), 'no card saved yet').to.equal(null);
    await expect(el).to.be.accessible();
    await type(el, 'email', 'ada@example.com');
    await type(el, 'card.number', '4111 1111 1111 1111');
    await type(el, 'card.expiry', '12/30');
    await type(el, 'card.security_code', '123');
    save.click();
    const { sent, restore } = recordRequests();
    try {
      const result = oneEvent(el, 'acquiring-result');
      part(el, 'pay-button').click();
      expect((await result).detail.status).to.equal('authorised');
      const [payment] = sent.filter((r) => r.url.endsWith('/api/card-payments'));
      expect(payment?.body?.save_card).to.equal(true);
      expect(payment?.init?.credentials, 'the shop’s cookies say who saves it').to.equal('include');
    } finally {
      restore();
    }
    const { cards } = await savedCards();
    expect(cards.map((c) => [c.brand, c.last4, c.expiry_month, c.expiry_year])).to.deep.equal([
      ['visa', '1111', '12', '2030'],
    ]);
  });

  it('sends no save_card, and no cookies to another origin, when the box stays unticked', async () => {
    signIn();
    const el = await checkout('card');
    await shown(el, 'save-card');
    await type(el, 'email', 'ada@example.com');
    await type(el, 'card.number', '4111 1111 1111 1111');
    await type(el, 'card.expiry', '12/30');
    await type(el, 'card.security_code', '123');
    const { sent, restore } = recordRequests();
    try {
      const result = oneEvent(el, 'acquiring-result');
      part(el, 'pay-button').click();
      await result;
      const [payment] = sent.filter((r) => r.url.endsWith('/api/card-payments'));
      expect(payment?.body).not.to.have.property('save_card');
      expect(payment?.init?.credentials).to.equal('same-origin');
    } finally {
      restore();
    }
    expect((await savedCards()).cards).to.deep.equal([]);
  });

  it('lists a returning shopper’s card, chosen; Pay pays with it: its card_id, no card data', async () => {
    signIn();
    await savedCard();
    const el = await checkout('card');
    await shown(el, 'saved-cards');
    expect(cardOptions(el)).to.deep.equal(['Visa ending 1111, expires 12/30', 'Use a new card']);
    expect(input(el, 'card.number'), 'no card field while a saved card is chosen').to.equal(null);
    expect(part(el, 'save-card')).to.equal(null);
    await expect(el).to.be.accessible();
    await type(el, 'email', 'ada@example.com');
    const { sent, restore } = recordRequests();
    try {
      const result = oneEvent(el, 'acquiring-result');
      part(el, 'pay-button').click();
      expect((await result).detail.status).to.equal('authorised');
      const paid = sent.filter((r) => r.url.includes('/api/') && r.init?.method === 'POST');
      expect(paid.map((r) => new URL(r.url).pathname)).to.deep.equal(['/api/saved-card-payments']);
      expect(paid[0]?.body?.card_id).to.match(/^sc_/);
      expect(paid[0]?.body).not.to.have.property('card');
      expect(paid[0]?.init?.credentials).to.equal('include');
    } finally {
      restore();
    }
  });

  it('"Use a new card" brings back the card fields and the save box', async () => {
    signIn();
    await savedCard();
    const el = await checkout('card');
    await shown(el, 'saved-cards');
    const radios = el.shadowRoot?.querySelectorAll<HTMLInputElement>('[name="saved-card"]');
    radios?.[1]?.click();
    await el.updateComplete;
    expect(input(el, 'card.number')).to.exist;
    expect(part(el, 'save-card')).to.exist;
    radios?.[0]?.click();
    await el.updateComplete;
    expect(input(el, 'card.number')).to.equal(null);
    // Pay checks the shopper's fields only: no card error for fields not shown.
    part(el, 'pay-button').click();
    await el.updateComplete;
    const invalid = el.shadowRoot?.querySelectorAll('[aria-invalid="true"]') ?? [];
    expect([...invalid].map((field) => field.getAttribute('name'))).to.deep.equal(['email']);
  });

  it('checkout mode: pays with the saved card at once, without the payment page', async () => {
    signIn();
    await savedCard();
    const el = await checkout('checkout');
    await shown(el, 'saved-cards');
    await type(el, 'email', 'ada@example.com');
    const result = oneEvent(el, 'acquiring-result');
    part(el, 'pay-button').click();
    expect((await result).detail.status).to.equal('authorised');
    expect(el.shadowRoot?.querySelector('iframe')).to.equal(null);
  });

  it('removes a card: gone from the list and the companion, announced, the focus kept', async () => {
    signIn();
    await savedCard('5555555555554444');
    await savedCard();
    const el = await checkout('card');
    await shown(el, 'saved-cards');
    expect(cardOptions(el)).to.deep.equal([
      'Visa ending 1111, expires 12/30',
      'Mastercard ending 4444, expires 12/30',
      'Use a new card',
    ]);
    const remove = el.shadowRoot?.querySelectorAll<HTMLElement>('[part="remove-card-button"]');
    // Its name is "Remove", described by the card it removes.
    const described = remove?.[0]?.getAttribute('aria-describedby') ?? '';
    expect(el.shadowRoot?.getElementById(described)?.textContent).to.equal(
      'Visa ending 1111, expires 12/30',
    );
    remove?.[0]?.click();
    await waitUntil(() => cardOptions(el).length === 2, 'the card is off the list');
    await el.updateComplete;
    expect(cardOptions(el)).to.deep.equal([
      'Mastercard ending 4444, expires 12/30',
      'Use a new card',
    ]);
    expect(part(el, 'saved-cards-message').getAttribute('role')).to.equal('status');
    expect(part(el, 'saved-cards-message').textContent?.trim()).to.equal('Card removed.');
    // The removed card was the chosen one: now a new card, and the focus on that choice.
    expect(input(el, 'card.number')).to.exist;
    const focused = el.shadowRoot?.activeElement as HTMLInputElement | null;
    expect([focused?.name, focused?.checked]).to.deep.equal(['saved-card', true]);
    expect((await savedCards()).cards.map((c) => c.last4)).to.deep.equal(['4444']);

    el.shadowRoot?.querySelector<HTMLElement>('[part="remove-card-button"]')?.click();
    await waitUntil(() => part(el, 'saved-cards') === null, 'the list is gone with its last card');
    expect(part(el, 'saved-cards-message').textContent?.trim()).to.equal('Card removed.');
    expect((await savedCards()).cards).to.deep.equal([]);
  });

  it('says so when a card could not be removed, and keeps it', async () => {
    signIn();
    await savedCard();
    const el = await checkout('card');
    await shown(el, 'saved-cards');
    const original = window.fetch;
    // The network fails on the way: the companion never hears of it.
    window.fetch = (url, init) =>
      init?.method === 'DELETE' ? Promise.reject(new TypeError('offline')) : original(url, init);
    try {
      part(el, 'remove-card-button').click();
      await waitUntil(() => /\S/.test(part(el, 'saved-cards-message').textContent ?? ''));
    } finally {
      window.fetch = original;
    }
    expect(part(el, 'saved-cards-message').textContent?.trim()).to.equal(
      'The card could not be removed. Please try again.',
    );
    expect(cardOptions(el)).to.deep.equal(['Visa ending 1111, expires 12/30', 'Use a new card']);
  });

  it('speaks the locale', async () => {
    signIn();
    await savedCard();
    const el = await fixture<AcquiringCheckout>(
      `<acquiring-checkout companion="${walletCompanion}" order-ref="mug.wallet${unique()}" mode="card" locale="pt-BR"></acquiring-checkout>`,
    );
    await shown(el, 'saved-cards');
    expect(cardOptions(el)).to.deep.equal([
      'Visa com final 1111, validade 12/30',
      'Usar um novo cartão',
    ]);
    expect(el.shadowRoot?.querySelector('legend')?.textContent).to.equal('Seus cartões salvos');
  });
});
