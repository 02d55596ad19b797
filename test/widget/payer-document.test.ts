/**
 * The payer's CPF for PIX (#14 item 5) on the real element, against the real companion: asked
 * only of a method that needs it, grouped as typed, its check digits checked before any request,
 * and sent as `payer`. The companion's answer is held back from the element once recorded, so the
 * test page is not sent away to the payment method.
 */
import { expect, waitUntil } from '@open-wc/testing';
import '../../widget/src/index.ts';
import type { AcquiringCheckout } from '../../widget/src/index.ts';
import { needsPayerDocument } from '../../widget/src/payer-document.ts';
import { elementWith, input, orderRef, part, type } from './helpers.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { companion } from '/__stack.js';

function checkout(attributes: Record<string, string>): Promise<AcquiringCheckout> {
  return elementWith({ companion, 'order-ref': orderRef('cpf'), fields: 'email', ...attributes });
}

/** The APM requests the page sends, each passed on to the companion; the element never hears back. */
function holdApmAnswers(): {
  sent: { body: Record<string, unknown>; status: Promise<number> }[];
  restore: () => void;
} {
  const original = window.fetch;
  const sent: { body: Record<string, unknown>; status: Promise<number> }[] = [];
  window.fetch = (url, init) => {
    if (!String(url).endsWith('/api/apm-payments')) return original(url, init);
    const status = original(url, init).then((response) => response.status);
    sent.push({ body: JSON.parse(String(init?.body)), status });
    return new Promise<Response>(() => undefined);
  };
  return { sent, restore: () => (window.fetch = original) };
}

const errorOf = (el: AcquiringCheckout, name: string) =>
  el.shadowRoot?.getElementById(input(el, name).getAttribute('aria-describedby') ?? '')
    ?.textContent;

describe('the payer’s CPF', () => {
  it('is asked for PIX in apm mode, grouped as typed, on a numeric keypad', async () => {
    const el = await checkout({ mode: 'apm', 'payment-method': 'PIX' });
    const field = input(el, 'payer.document');
    expect(field.labels?.[0]?.textContent?.trim()).to.equal('CPF');
    expect(field.inputMode).to.equal('numeric');
    await type(el, 'payer.document', '5299822');
    expect(field.value).to.equal('529.982.2');
    await type(el, 'payer.document', '52998224725');
    expect(field.value).to.equal('529.982.247-25');
    await expect(el).to.be.accessible();
  });

  it('is not asked by other methods, nor in the other modes', async () => {
    for (const attributes of [
      { mode: 'apm', 'payment-method': 'BANK_TRANSFER' },
      { mode: 'checkout', 'payment-method': 'PIX' },
      { mode: 'card', 'payment-method': 'PIX' },
    ]) {
      const el = await checkout(attributes);
      expect(input(el, 'payer.document'), JSON.stringify(attributes)).to.equal(null);
    }
  });

  it('tells which methods need it: the summary’s word, else PIX', () => {
    expect(needsPayerDocument('PIX')).to.equal(true);
    expect(needsPayerDocument('pix')).to.equal(true);
    expect(needsPayerDocument('BOLETO')).to.equal(false);
    expect(needsPayerDocument({ method: 'BOLETO', payer_document: 'CPF' })).to.equal(true);
    expect(needsPayerDocument({ method: 'PIX' })).to.equal(false);
  });

  it('refuses a CPF whose check digits are wrong, or none, and sends nothing', async () => {
    const el = await checkout({ mode: 'apm', 'payment-method': 'PIX' });
    await type(el, 'email', 'ada@example.com');
    const { sent, restore } = holdApmAnswers();
    try {
      part(el, 'pay-button').click();
      await el.updateComplete;
      expect(errorOf(el, 'payer.document')).to.equal('This field is required.');
      await type(el, 'payer.document', '529.982.247-24');
      part(el, 'pay-button').click();
      await el.updateComplete;
      await el.updateComplete;
      expect(errorOf(el, 'payer.document')).to.equal('Enter a valid CPF (000.000.000-00).');
      expect(input(el, 'payer.document').getAttribute('aria-invalid')).to.equal('true');
      expect(el.shadowRoot?.activeElement).to.equal(input(el, 'payer.document'));
      await type(el, 'payer.document', '111.111.111-11');
      part(el, 'pay-button').click();
      await el.updateComplete;
      expect(errorOf(el, 'payer.document')).to.equal('Enter a valid CPF (000.000.000-00).');
      expect(sent).to.deep.equal([]);
    } finally {
      restore();
    }
  });

  it('sends a valid one as the payer’s document, which the companion takes', async () => {
    const el = await checkout({ mode: 'apm', 'payment-method': 'PIX' });
    await type(el, 'email', 'ada@example.com');
    await type(el, 'payer.document', '52998224725');
    const { sent, restore } = holdApmAnswers();
    try {
      part(el, 'pay-button').click();
      await waitUntil(() => sent.length > 0, 'the payment is sent');
      const [request] = sent;
      expect(request?.body.payer).to.deep.equal({
        document_number: '529.982.247-25',
        document_type: 'CPF',
      });
      expect(request?.body.shopper).to.deep.equal({ email: 'ada@example.com' });
      expect(request?.body).not.to.have.property('challenge_window_size');
      expect(await request?.status).to.equal(201);
    } finally {
      restore();
    }
  });
});
