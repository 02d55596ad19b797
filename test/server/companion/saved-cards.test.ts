/**
 * Saved cards (#14 item 1), end to end at the server: a signed-in shopper saves a card with a
 * card payment, pays the next order with it (its token, no card data), and removes it. Who the
 * shopper is comes from the merchant's session (resolveShopper); nobody reaches another's card.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sessionBody, startStack, type Stack } from '../helpers/companion.ts';
import { until } from '../helpers/until.ts';
import type { SavedCard } from 'acquiring-checkout/contract';

const ADA = { cookie: 'session=ada' };
const GRACE = { cookie: 'session=grace' };
const card = (number = '4111111111111111') => ({
  number,
  expiry_month: '12',
  expiry_year: '2030',
  security_code: '123',
});

describe('saved cards', () => {
  let stack: Stack;
  before(
    async () =>
      (stack = await startStack({
        companion: {
          directCardPayments: true,
          resolveShopper: (request) => {
            const name = /session=(\w+)/.exec(request.headers.cookie ?? '')?.[1];
            return name ? { id: `cust-${name}`, email: `${name}@example.com` } : undefined;
          },
        },
      })),
  );
  after(() => stack.close());

  const list = async (who: Record<string, string> = {}) =>
    (await stack.widget('/saved-cards', undefined, who)).body as {
      signed_in: boolean;
      cards: SavedCard[];
    };
  const atSandbox = async (orderNo: string) =>
    (await stack.sandbox.admin(`/orders/${orderNo}`)) as {
      payment_status: string;
      card?: string;
      details: Record<string, unknown>;
    };

  it('an anonymous shopper has none, and may not save one', async () => {
    assert.deepEqual(await list(), { signed_in: false, cards: [] });
    const refused = await stack.widget(
      '/card-payments',
      sessionBody('mug.sc0', { card: card(), save_card: true }),
    );
    assert.equal(refused.status, 400);
    assert.match(String(refused.body.detail), /^save_card: only a signed-in shopper/);
  });

  let cardId = '';
  it('saves a card with a payment, when the shopper ticks it', async () => {
    assert.deepEqual(await list(ADA), { signed_in: true, cards: [] });
    const paid = await stack.widget(
      '/card-payments',
      sessionBody('mug.sc1', { card: card(), save_card: true }),
      ADA,
    );
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    assert.equal(paid.body.status, 'authorised');
    assert.equal((await atSandbox('mug.sc1-1')).details.token_flag, 'YES');
    const { cards } = await list(ADA);
    assert.equal(cards.length, 1);
    const [saved] = cards;
    assert.deepEqual(
      { ...saved, card_id: undefined, saved_at: undefined },
      {
        card_id: undefined,
        brand: 'visa',
        last4: '1111',
        expiry_month: '12',
        expiry_year: '2030',
        saved_at: undefined,
      },
    );
    assert.match(saved?.card_id ?? '', /^sc_[A-Za-z0-9_-]{16,64}$/);
    cardId = saved?.card_id ?? '';
    const [stored] = await stack.companion.companion.context.store.savedCards.list('cust-ada');
    assert.ok(stored?.consent_at, 'the consent is recorded with the token');
    assert.doesNotMatch(
      JSON.stringify(cards),
      new RegExp(stored?.token_id ?? 'TK'),
      'no token in the browser',
    );
  });

  it('a payment without the tick saves nothing; a declined one neither', async () => {
    await stack.widget('/card-payments', sessionBody('mug.sc2', { card: card() }), ADA);
    assert.equal((await atSandbox('mug.sc2-1')).details.token_flag, 'NO');
    const declined = await stack.widget(
      '/card-payments',
      sessionBody('mug.sc3', { card: card('4000000000000002'), save_card: true }),
      ADA,
    );
    assert.equal(declined.body.status, 'declined');
    assert.equal((await list(ADA)).cards.length, 1);
  });

  it('pays the next order with the saved card: its token, no card data', async () => {
    const paid = await stack.widget(
      '/saved-card-payments',
      sessionBody('tee.sc4', { card_id: cardId }),
      ADA,
    );
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    assert.equal(paid.body.status, 'authorised');
    const [stored] = await stack.companion.companion.context.store.savedCards.list('cust-ada');
    const payment = await atSandbox('tee.sc4-1');
    assert.equal(payment.details.token_id, stored?.token_id);
    assert.equal(payment.card, '411111******1111');
    assert.ok(stored?.last_used_at);
    const [queried] = (await stack.sandbox.client().query({ order_no: 'tee.sc4-1' })).orders;
    assert.equal(queried?.payment_status, 'authorised');
  });

  it('saves a card paid on the hosted page too, once the service tells its token', async () => {
    const created = await stack.widget(
      '/checkout-sessions',
      sessionBody('tee.sc8', { save_card: true }),
      GRACE,
    );
    assert.equal(created.status, 201, JSON.stringify(created.body));
    await stack.payHosted(String(created.body.frame_url), '5555555555554444');
    await stack.waitForStatus('tee.sc8', 'authorised');
    const cards = await until(
      () => list(GRACE),
      (answer) => answer.cards.length === 1,
      { what: "Grace's saved card" },
    );
    assert.deepEqual(
      cards.cards.map(({ brand, last4, expiry_month, expiry_year }) => [
        brand,
        last4,
        expiry_month,
        expiry_year,
      ]),
      [['mastercard', '4444', '12', '2030']],
    );
    const paid = await stack.widget(
      '/saved-card-payments',
      sessionBody('tee.sc9', { card_id: cards.cards[0]?.card_id }),
      GRACE,
    );
    assert.equal(paid.body.status, 'authorised');
    assert.equal((await atSandbox('tee.sc9-1')).card, '555555******4444');
    // Ada's list is her own.
    assert.equal((await list(ADA)).cards.length, 1);
    const anonymous = await stack.widget(
      '/checkout-sessions',
      sessionBody('tee.sc10', { save_card: true }),
    );
    assert.equal(anonymous.status, 400);
  });

  it('a saved card that asks for 3-D Secure goes on to the service’s page, at its challenge', async () => {
    const LIN = { cookie: 'session=lin' };
    const token = (frameUrl: unknown) => stack.openHosted(String(frameUrl));
    const challenge = (sessionToken: string, code = '1234') =>
      fetch(`${stack.sandbox.url}/hosted/${sessionToken}/3ds`, { method: 'POST', body: new URLSearchParams({ code }), redirect: 'manual' }); // prettier-ignore
    // Saved on the hosted page, its challenge passed there.
    const first = await stack.widget('/checkout-sessions', sessionBody('mug.3ds1', { save_card: true }), LIN); // prettier-ignore
    const firstToken = await token(first.body.frame_url);
    await stack.payOpened(firstToken, '4000000000003220');
    await challenge(firstToken);
    await stack.waitForStatus('mug.3ds1', 'authorised');
    const { cards } = await until(() => list(LIN), (answer) => answer.cards.length === 1, { what: "Lin's saved card" }); // prettier-ignore
    // The next order with it: the direct payment is refused for its challenge, and the same
    // request goes on as a checkout that names the card by its token.
    const paid = await stack.widget('/saved-card-payments', sessionBody('mug.3ds2', { card_id: cards[0]?.card_id }), LIN); // prettier-ignore
    assert.equal(paid.status, 201, JSON.stringify(paid.body));
    assert.equal(paid.body.order_no, 'mug.3ds2-2');
    assert.equal(typeof paid.body.frame_url, 'string', 'the answer is the service’s page');
    const [stored] = await stack.companion.companion.context.store.savedCards.list('cust-lin');
    assert.equal(stored?.last_used_at, null, 'not used until its challenge is passed');
    assert.equal((await atSandbox('mug.3ds2-2')).details.token_id, stored?.token_id);
    // The page asks for the code alone; nothing to type again.
    const sessionToken = await token(paid.body.frame_url);
    const page = await (await fetch(`${stack.sandbox.url}/hosted/${sessionToken}`)).text();
    assert.match(page, /name="code"/);
    assert.doesNotMatch(page, /name="card"/);
    await challenge(sessionToken);
    await stack.waitForStatus('mug.3ds2', 'authorised');
    assert.equal((await atSandbox('mug.3ds2-2')).card, '400000******3220');
    // Its use noted as the page's payment settled, as a direct one's is: it is listed first.
    const [used] = await stack.companion.companion.context.store.savedCards.list('cust-lin');
    assert.ok(used?.last_used_at, 'its use is noted');
  });

  it('another shopper neither sees, pays with, nor removes it', async () => {
    assert.equal(
      (await list(GRACE)).cards.some((c) => c.card_id === cardId),
      false,
    );
    const pay = await stack.widget(
      '/saved-card-payments',
      sessionBody('tee.sc5', { card_id: cardId }),
      GRACE,
    );
    assert.equal(pay.status, 404);
    assert.match(String(pay.body.detail), /^card_id: /);
    const anonymous = await stack.widget(
      '/saved-card-payments',
      sessionBody('tee.sc6', { card_id: cardId }),
    );
    assert.equal(anonymous.status, 404);
    assert.equal((await remove(cardId, GRACE)).status, 404);
  });

  it('the shopper removes it; it can pay no more', async () => {
    const removed = await remove(cardId, ADA);
    assert.equal(removed.status, 204);
    assert.deepEqual((await list(ADA)).cards, []);
    assert.equal((await remove(cardId, ADA)).status, 404);
    const pay = await stack.widget(
      '/saved-card-payments',
      sessionBody('tee.sc7', { card_id: cardId }),
      ADA,
    );
    assert.equal(pay.status, 404);
  });

  for (const [what, path, body, field] of [
    [
      'save_card that is not a boolean',
      '/card-payments',
      { card: card(), save_card: 'yes' },
      'save_card',
    ],
    ['a malformed card_id', '/saved-card-payments', { card_id: 'TK123' }, 'card_id'],
  ] as const) {
    it(`${what} is refused with 400 naming ${field}`, async () => {
      const refused = await stack.widget(path, sessionBody(`mug.bad-${field}`, body), ADA);
      assert.equal(refused.status, 400);
      assert.match(String(refused.body.detail), new RegExp(`${field}: `));
    });
  }

  it('answers storefronts only, and lets them DELETE', async () => {
    const elsewhere = await stack.widget('/saved-cards', undefined, {
      ...ADA,
      origin: 'https://evil.test',
    });
    assert.equal(elsewhere.status, 403);
    const preflight = await fetch(`${stack.companion.url}/api/saved-cards/x`, {
      method: 'OPTIONS',
      headers: { origin: 'http://shop.test', 'access-control-request-method': 'DELETE' },
    });
    assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /DELETE/);
    // The shop's session cookie may come along from a storefront on another origin.
    assert.equal(preflight.headers.get('access-control-allow-credentials'), 'true');
  });

  function remove(id: string, who: Record<string, string>) {
    return fetch(`${stack.companion.url}/api/saved-cards/${id}`, {
      method: 'DELETE',
      headers: { origin: 'http://shop.test', ...who },
    });
  }
});

describe('saved cards on a companion mounted on the storefront’s own origin', () => {
  // Browsers send no Origin on a same-origin GET: Sec-Fetch-Site says where it comes from.
  const sameOrigin = { 'sec-fetch-site': 'same-origin', cookie: 'session=ada' };
  let stack: Stack;
  let own = '';
  before(async () => {
    stack = await startStack({
      companion: { resolveShopper: () => ({ id: 'cust-ada' }) },
    });
    own = new URL(stack.companion.companion.context.config.publicUrl).origin;
  });
  after(() => stack.close());

  const get = (headers: Record<string, string>) =>
    fetch(`${stack.companion.url}/api/saved-cards`, { headers });

  it('lists them for a same-origin page when its origin is allowed', async () => {
    stack.companion.companion.context.config.allowedOrigins.push(own);
    const answer = await get(sameOrigin);
    assert.equal(answer.status, 200);
    assert.deepEqual(await answer.json(), { signed_in: true, cards: [] });
  });

  it('refuses a request that says neither Origin nor same-origin, naming the origin header', async () => {
    const answer = await get({ cookie: 'session=ada', 'sec-fetch-site': 'cross-site' });
    assert.equal(answer.status, 403);
    const body = (await answer.json()) as { issues: { path: string }[] };
    assert.equal(body.issues[0]?.path, 'origin');
  });

  it('refuses a same-origin page whose origin is not allowed, saying which to add', async () => {
    const { allowedOrigins } = stack.companion.companion.context.config;
    allowedOrigins.splice(allowedOrigins.indexOf(own), 1);
    const answer = await get(sameOrigin);
    assert.equal(answer.status, 403);
    const { detail } = (await answer.json()) as { detail: string };
    assert.equal(
      detail,
      `origin: ${own} is not in the companion's allowedOrigins (ALLOWED_ORIGINS); add it there if it is your storefront`,
    );
  });
});
