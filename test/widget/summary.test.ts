/**
 * The order's summary in the element (#13 item 4, #14 items 2 and 3), against real companions:
 * the amount on Pay in the locale, a subscription's terms, the instalments select and what Pay
 * sends with it, and mode="auto"'s methods as the companion ranked them for three shoppers, each
 * running its own flow.
 */
import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import '../../widget/src/index.ts';
import type { AcquiringCheckout } from '../../widget/src/index.ts';
import { LOCALES, english, isRightToLeft } from '../../widget/src/messages.ts';
import { formatMoney, termsText } from '../../widget/src/money.ts';
import { elementWith, input, orderRef, part, type, viewport } from './helpers.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { choosingCompanion, companion } from '/__stack.js';

/** A fresh order reference for a cart of the demo catalogue: `mug_2-tee`, `cafe`… */
const ref = (cart: string) => orderRef('wts', cart);

function checkout(attributes: Record<string, string>): Promise<AcquiringCheckout> {
  return elementWith({ companion, fields: 'email', ...attributes });
}

const payText = (el: AcquiringCheckout) => part(el, 'pay-button').textContent?.trim();

/** The requests the page sends to paths containing `path`, passed on to the real network. */
function watchRequests(path: string) {
  const original = window.fetch;
  const seen: { url: string; body: Record<string, unknown>; signal?: AbortSignal | null }[] = [];
  window.fetch = (resource, init) => {
    const url = String(resource);
    if (url.includes(path))
      seen.push({ url, body: JSON.parse(String(init?.body ?? '{}')), signal: init?.signal });
    return original(resource, init);
  };
  return { seen, restore: () => (window.fetch = original) };
}

/** The radio group's methods, as the shopper reads them, in order. */
const methodNames = (el: AcquiringCheckout) =>
  [...(el.shadowRoot?.querySelectorAll('[part="method"]') ?? [])].map((label) =>
    label.textContent?.trim(),
  );

describe('the order summary', () => {
  describe('Pay', () => {
    it('says the amount the companion resolved, in the element’s locale', async () => {
      const el = await checkout({ 'order-ref': ref('mug_2-tee') });
      expect(payText(el)).to.equal('Pay $49.00');
    });

    it('says it in another locale, by Intl: pt-BR and German', async () => {
      const pt = await checkout({ 'order-ref': ref('cafe'), locale: 'pt-BR' });
      expect(payText(pt)).to.equal('Pagar R$\u00a089,90');
      const de = await checkout({ 'order-ref': ref('mug_2-tee'), locale: 'de' });
      expect(payText(de)).to.equal('49,00\u00a0$ bezahlen');
    });

    it('says a subscription’s terms', async () => {
      const el = await checkout({ 'order-ref': ref('coffee') });
      expect(payText(el)).to.equal('Pay $15.00 / month');
    });

    it('says just "Pay" until the summary comes, and when there is none', async () => {
      const el = document.createElement('acquiring-checkout');
      Object.assign(el, { companion, orderRef: ref('poster'), fields: 'email' });
      const ready = oneEvent(el, 'acquiring-ready');
      document.body.append(el);
      await ready;
      expect(payText(el), 'before the summary').to.equal('Pay');
      await el.updateComplete;
      expect(payText(el)).to.equal('Pay $9.50');
      el.orderRef = ref('hat'); // no such product: the companion answers 404
      await el.updateComplete;
      expect(payText(el)).to.equal('Pay');
      el.remove();
    });

    it('keeps the page’s own pay text, unless it gives pay_amount too', async () => {
      const el = await checkout({ 'order-ref': ref('mug') });
      el.messages = { pay: 'Place order' };
      await el.updateComplete;
      expect(payText(el)).to.equal('Place order');
      el.messages = { pay: 'Place order', pay_amount: 'Place order: {amount}' };
      await el.updateComplete;
      expect(payText(el)).to.equal('Place order: $12.00');
    });

    it('asks again when the order changes, aborting the stale request, and never without both', async () => {
      const requests = watchRequests('/api/order-summaries/');
      try {
        const el = document.createElement('acquiring-checkout');
        el.companion = companion;
        document.body.append(el);
        await el.updateComplete;
        expect(requests.seen, 'no order reference yet').to.have.length(0);
        el.orderRef = ref('mug');
        await new Promise(requestAnimationFrame); // its request is on its way
        el.orderRef = ref('tee');
        await el.updateComplete;
        expect(requests.seen).to.have.length(2);
        expect(requests.seen[0]?.signal?.aborted, 'the first one aborted').to.equal(true);
        expect(payText(el)).to.equal('Pay $25.00');
        el.remove();
      } finally {
        requests.restore();
      }
    });
  });

  describe('money, from decimal strings', () => {
    it('formats the companion’s decimal exactly, never through a float', () => {
      // As a float this is 12345678901234568: the string is formatted as the decimal it is.
      expect(formatMoney('12345678901234567.89', 'USD', 'en')).to.equal(
        '$12,345,678,901,234,567.89',
      );
      expect(formatMoney('1000', 'JPY', 'ja')).to.equal('￥1,000');
      expect(formatMoney('1.500', 'KWD', 'en')).to.equal('KWD\u00a01.500');
    });

    it('writes the real one way, R$, in every locale (not BRL in Finnish nor BR$ in Swedish)', () => {
      const others = LOCALES.map((locale) => formatMoney('89.90', 'BRL', locale)).filter(
        (text) => !text.includes('R$') || /BRL|BR\$/.test(text),
      );
      expect(others).to.deep.equal([]);
    });

    it('isolates an amount right to left, its symbol whole: US$, never $US', () => {
      for (const locale of LOCALES.filter(isRightToLeft)) {
        const text = formatMoney('12.00', 'USD', locale);
        expect(text.startsWith('\u2068') && text.endsWith('\u2069'), locale).to.equal(true);
        expect(text).to.match(/\u2066[^\u2069]*\$\u2069/);
      }
      expect(formatMoney('12.00', 'USD', 'de')).to.equal('12,00\u00a0$');
    });

    it('words a subscription’s terms, with the count by Intl', () => {
      const terms = (interval: 'day' | 'week' | 'month' | 'year', interval_count: number) => ({
        contract_name: 'Coffee',
        contract_amount: '15.00',
        interval,
        interval_count,
      });
      expect(termsText(english, terms('month', 1), 'USD', 'en')).to.equal('$15.00 / month');
      expect(termsText(english, terms('year', 1), 'USD', 'en')).to.equal('$15.00 / year');
      expect(termsText(english, terms('month', 3), 'USD', 'en')).to.equal('$15.00 every 3 months');
      expect(termsText(english, terms('week', 2), 'USD', 'en')).to.equal('$15.00 every 2 weeks');
    });
  });

  describe('instalments', () => {
    const options = (el: AcquiringCheckout) =>
      [...(input(el, 'installments') as unknown as HTMLSelectElement).options].map((o) => [
        o.value,
        o.textContent?.trim(),
      ]);

    it('offers the counts the companion computed, a single payment first', async () => {
      const el = await checkout({ companion: choosingCompanion, 'order-ref': ref('cafe') });
      expect(options(el)).to.deep.equal([
        ['1', 'R$89.90 in one payment'],
        ['2', '2 × R$44.95'],
        ['3', '3 × R$29.96'],
        ['6', '6 × R$14.98'],
        ['12', '12 × R$7.49'],
      ]);
      expect(input(el, 'installments').value).to.equal('1');
      expect(
        el.shadowRoot?.querySelector('[part="instalment-note"]'),
        'none for one payment',
      ).to.equal(null);
      const label = el.shadowRoot?.querySelector('label[for="field-installments"]');
      expect(label?.textContent).to.equal('Pay in instalments');
      await expect(el).to.be.accessible();
    });

    it('says the first payment of an uneven offer whole, under the select, which it describes', async () => {
      const el = await checkout({ companion: choosingCompanion, 'order-ref': ref('cafe') });
      const note = () => el.shadowRoot?.querySelector('[part="instalment-note"]');
      await type(el, 'installments', '3');
      expect(note()?.textContent?.trim()).to.equal('3 × R$29.96 (first R$29.98)');
      expect(input(el, 'installments').getAttribute('aria-describedby')).to.equal(note()?.id);
      await expect(el).to.be.accessible();
      await type(el, 'installments', '2');
      expect(note(), 'an even offer says it all').to.equal(null);
      expect(input(el, 'installments').hasAttribute('aria-describedby')).to.equal(false);
    });

    it('words them in the locale: pt-BR', async () => {
      const el = await checkout({
        companion: choosingCompanion,
        'order-ref': ref('cafe'),
        locale: 'pt-BR',
      });
      expect(options(el)[2]).to.deep.equal(['3', '3x de R$\u00a029,96']);
      await type(el, 'installments', '3');
      expect(
        el.shadowRoot?.querySelector('[part="instalment-note"]')?.textContent?.trim(),
      ).to.equal('3x de R$\u00a029,96 (primeira parcela de R$\u00a029,98)');
    });

    it('sends the count chosen with the checkout session, and the hosted page opens', async () => {
      const el = await checkout({ companion: choosingCompanion, 'order-ref': ref('cafe') });
      await type(el, 'email', 'ada@example.com');
      await type(el, 'installments', '3');
      const requests = watchRequests('/api/checkout-sessions');
      try {
        const mounted = oneEvent(el, 'acquiring-frame-mounted');
        part(el, 'pay-button').click();
        await mounted;
        expect(requests.seen[0]?.body.installments).to.equal(3);
        // No change while paying: the form gives way to the payment page.
        expect(input(el, 'installments'), 'the form gone while the page is up').to.equal(null);
      } finally {
        requests.restore();
      }
    });

    it('sends none for a single payment', async () => {
      const el = await checkout({ companion: choosingCompanion, 'order-ref': ref('cafe') });
      await type(el, 'email', 'ada@example.com');
      const requests = watchRequests('/api/checkout-sessions');
      try {
        const mounted = oneEvent(el, 'acquiring-frame-mounted');
        part(el, 'pay-button').click();
        await mounted;
        expect(requests.seen[0]?.body).not.to.have.property('installments');
      } finally {
        requests.restore();
      }
    });

    it('sends the count with a card payment, which the companion accepts', async () => {
      const el = await checkout({
        companion: choosingCompanion,
        'order-ref': ref('cafe'),
        mode: 'card',
      });
      await type(el, 'email', 'ada@example.com');
      await type(el, 'card.number', '4111111111111111');
      await type(el, 'card.expiry', '12/30');
      await type(el, 'card.security_code', '123');
      await type(el, 'installments', '6');
      const requests = watchRequests('/api/card-payments');
      try {
        const result = oneEvent(el, 'acquiring-result');
        part(el, 'pay-button').click();
        expect((await result).detail.status).to.equal('authorised');
        expect(requests.seen[0]?.body.installments).to.equal(6);
      } finally {
        requests.restore();
      }
    });

    it('is not offered where there is no plan, nor for an APM', async () => {
      const usd = await checkout({ companion: choosingCompanion, 'order-ref': ref('mug') });
      expect(input(usd, 'installments')).to.equal(null);
      const apm = await checkout({
        companion: choosingCompanion,
        'order-ref': ref('cafe'),
        mode: 'apm',
        'payment-method': 'BOLETO',
      });
      expect(input(apm, 'installments')).to.equal(null);
      expect(payText(apm)).to.equal('Pay R$89.90');
    });
  });

  describe('mode="auto"', () => {
    afterEach(() => viewport({ width: 800, height: 600 }));

    /** The element in mode="auto" for a shopper, with the summary request it sent. */
    async function shopperSees(cart: string, locale: string, width: number) {
      await viewport({ width, height: 800 });
      const requests = watchRequests('/api/order-summaries/');
      try {
        const el = await checkout({
          companion: choosingCompanion,
          'order-ref': ref(cart),
          mode: 'auto',
          locale,
        });
        return { el, query: new URL(requests.seen[0]?.url ?? '').search };
      } finally {
        requests.restore();
      }
    }

    it('a phone in Brazil, paying in reais: PIX first', async () => {
      const { el, query } = await shopperSees('cafe', 'pt-BR', 375);
      expect(query).to.equal('?device=mobile&country=BR');
      expect(methodNames(el)).to.deep.equal(['PIX', 'PayPal', 'Boleto', 'Cartão']);
      const checked = el.shadowRoot?.querySelector<HTMLInputElement>('input[type="radio"]:checked');
      expect(checked?.value, 'the first, chosen').to.equal('PIX');
      expect(input(el, 'installments'), 'PIX is paid at once').to.equal(null);
      await expect(el).to.be.accessible();
    });

    it('a desktop in Brazil, paying in reais: PIX, then Boleto, the card, PayPal', async () => {
      const { el, query } = await shopperSees('cafe', 'pt-BR', 1280);
      expect(query).to.equal('?device=desktop&country=BR');
      expect(methodNames(el)).to.deep.equal(['PIX', 'Boleto', 'Cartão', 'PayPal']);
    });

    it('a desktop in the United States, paying in dollars: the card, then PayPal', async () => {
      const { el, query } = await shopperSees('mug', 'en-US', 1280);
      expect(query).to.equal('?device=desktop&country=US');
      expect(methodNames(el)).to.deep.equal(['Card', 'PayPal']);
    });

    it('the billing country the shopper picks ranks them again', async () => {
      await viewport({ width: 1280, height: 800 });
      const el = await checkout({
        companion: choosingCompanion,
        'order-ref': ref('cafe'),
        mode: 'auto',
        fields: 'email billing',
      });
      await type(el, 'billing.country', 'PT');
      await waitUntil(() => methodNames(el)[0] === 'Card', 'ranked for Portugal');
      expect(methodNames(el)).to.deep.equal(['Card', 'PayPal']);
    });

    it('shows no choice when the card is all the companion offers, and Pay opens its page', async () => {
      const el = await checkout({ 'order-ref': ref('mug'), mode: 'auto' });
      expect(part(el, 'methods')).to.equal(null);
      await type(el, 'email', 'ada@example.com');
      const requests = watchRequests('/api/checkout-sessions');
      try {
        const mounted = oneEvent(el, 'acquiring-frame-mounted');
        part(el, 'pay-button').click();
        await mounted;
        expect(requests.seen).to.have.length(1);
      } finally {
        requests.restore();
      }
    });

    it('runs the chosen method’s flow: the card on the hosted page, with instalments', async () => {
      const { el } = await shopperSees('cafe', 'en', 1280);
      expect(input(el, 'installments')).to.equal(null);
      el.shadowRoot?.querySelector<HTMLInputElement>('input[value="card"]')?.click();
      await el.updateComplete;
      expect(input(el, 'installments'), 'the card takes instalments').to.exist;
      await type(el, 'email', 'ada@example.com');
      await type(el, 'installments', '2');
      const requests = watchRequests('/api/');
      try {
        const mounted = oneEvent(el, 'acquiring-frame-mounted');
        part(el, 'pay-button').click();
        await mounted;
        const [session] = requests.seen.filter(({ url }) => url.includes('/api/checkout-sessions'));
        expect(session?.body.installments).to.equal(2);
        expect(session?.body).not.to.have.property('payment_method');
      } finally {
        requests.restore();
      }
    });

    it('asks for the payer’s CPF when PIX is chosen, and sends nothing without a valid one', async () => {
      const { el } = await shopperSees('cafe', 'en', 1280);
      await type(el, 'email', 'ada@example.com');
      // PIX is chosen (the first): the form asks for the CPF it needs.
      expect(input(el, 'payer.document'), 'the CPF field').to.exist;
      const requests = watchRequests('/api/apm-payments');
      try {
        await type(el, 'payer.document', '52998224724');
        part(el, 'pay-button').click();
        await el.updateComplete;
        expect(input(el, 'payer.document').getAttribute('aria-invalid')).to.equal('true');
        expect(requests.seen, 'nothing sent').to.deep.equal([]);
      } finally {
        requests.restore();
      }
      // The card needs no document: the field goes with PIX.
      el.shadowRoot?.querySelector<HTMLInputElement>('input[value="card"]')?.click();
      await el.updateComplete;
      expect(input(el, 'payer.document')).to.equal(null);
    });
  });
});
