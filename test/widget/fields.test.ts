/**
 * What the shopper is told about each field, the card fields as typed on a phone's keypad, and
 * countries by name: in Chromium, on the real element. Card checks run before any request.
 */
import { expect } from '@open-wc/testing';
import '../../widget/src/index.ts';
import type { AcquiringCheckout } from '../../widget/src/index.ts';
import { checkCard, cardOf, formatExpiry } from '../../widget/src/card.ts';
import { elementWith, input, orderRef, type } from './helpers.ts';
// @ts-expect-error: served by the test runner's stack plugin (web-test-runner.config.mjs)
import { companion } from '/__stack.js';

function checkout(attributes: Record<string, string>): Promise<AcquiringCheckout> {
  return elementWith({ companion, 'order-ref': orderRef('fields'), ...attributes });
}

/** Presses Pay and answers each field's error text, by field name, for the invalid ones. */
async function errorsAfterPay(el: AcquiringCheckout): Promise<Record<string, string>> {
  let requests = 0;
  const original = window.fetch;
  window.fetch = (...args) => (requests++, original(...args));
  try {
    (el.shadowRoot?.querySelector('[part~="pay-button"]') as HTMLButtonElement).click();
    await el.updateComplete;
    await el.updateComplete;
  } finally {
    window.fetch = original;
  }
  expect(requests, 'a request was sent for an invalid form').to.equal(0);
  const errors: Record<string, string> = {};
  for (const field of el.shadowRoot?.querySelectorAll('[aria-invalid="true"]') ?? []) {
    // The error first; the card number's brand may follow it.
    const id = field.getAttribute('aria-describedby')?.split(' ')[0] ?? '';
    errors[field.getAttribute('name') ?? ''] = el.shadowRoot?.getElementById(id)?.textContent ?? '';
  }
  return errors;
}

describe('what a shopper is told about a field', () => {
  it('says why: an email address, too long, characters not allowed', async () => {
    const el = await checkout({ fields: 'email first_name billing' });
    await type(el, 'email', 'ada-at-example');
    await type(el, 'first_name', 'A'.repeat(300));
    await type(el, 'billing.country', 'GB');
    await type(el, 'billing.city', 'London');
    await type(el, 'billing.address', '12 St James Sq');
    await type(el, 'billing.postal_code', '<script>');
    expect(await errorsAfterPay(el)).to.deep.equal({
      email: 'Enter an email address like name@example.com.',
      first_name: 'This is too long.',
      'billing.postal_code': 'This contains characters that are not allowed.',
    });
  });

  it('says it in the element’s locale', async () => {
    const el = await checkout({ fields: 'email', locale: 'de' });
    await type(el, 'email', 'nope');
    expect(await errorsAfterPay(el)).to.deep.equal({
      email: 'Geben Sie eine E-Mail-Adresse wie name@beispiel.de ein.',
    });
  });
});

describe('card fields', () => {
  it('are numeric, autocompleted, grouped by brand, and read the expiry as typed', async () => {
    const el = await checkout({ mode: 'card', fields: 'email' });
    const number = input(el, 'card.number');
    expect([number.inputMode, number.autocomplete]).to.deep.equal(['numeric', 'cc-number']);
    expect(input(el, 'card.expiry').autocomplete).to.equal('cc-exp');
    // The attribute, not the property: Firefox reflects tokens it does not fill (cc-csc) as ''.
    expect(input(el, 'card.security_code').getAttribute('autocomplete')).to.equal('cc-csc');
    await type(el, 'card.number', '378282246310005');
    expect(number.value).to.equal('3782 822463 10005');
    for (const typed of ['1230', '12/30', '12 / 30', '12-2030'])
      expect(formatExpiry(typed), typed).to.equal(typed === '12-2030' ? '12 / 2030' : '12 / 30');
    await type(el, 'card.expiry', '1230');
    expect(input(el, 'card.expiry').value).to.equal('12 / 30');
    expect(formatExpiry('4')).to.equal('04');
    expect(cardOf({ 'card.expiry': '1230', 'card.number': '4111 1111 1111 1111' })).to.include({
      expiry_month: '12',
      expiry_year: '2030',
      number: '4111111111111111',
    });
  });

  it('show the brand beside the number’s label as it is typed, named for assistive technology', async () => {
    const el = await checkout({ mode: 'card', fields: 'email' });
    const brand = () => el.shadowRoot?.querySelector<HTMLElement>('[part~="card-brand"]');
    expect(brand(), 'no brand before any digit').to.equal(null);
    await type(el, 'card.number', '4');
    expect(brand(), 'a digit that several brands share').to.equal(null);
    await type(el, 'card.number', '41');
    expect(brand()?.textContent).to.equal('Visa');
    expect(brand()?.getAttribute('aria-label')).to.equal('Visa');
    const number = input(el, 'card.number');
    expect(number.getAttribute('aria-describedby')?.split(' ')).to.include(brand()?.id);
    await type(el, 'card.number', '3782 8224');
    expect(brand()?.textContent).to.equal('American Express');
    await type(el, 'card.number', '5555 5555 5555 4444');
    expect(brand()?.textContent).to.equal('Mastercard');
    // At the end of the label's row, above the input: never over the digits, which keep the
    // input's whole width.
    const [box, badge] = [number.getBoundingClientRect(), brand()!.getBoundingClientRect()];
    expect(badge.right <= box.right && badge.left > box.left + box.width / 2).to.equal(true);
    expect(badge.bottom <= box.top).to.equal(true);
    await expect(el).to.be.accessible();
    await type(el, 'card.number', '');
    expect(brand()).to.equal(null);
    // Nothing to describe it once the brand is gone and there is no error.
    expect(number.hasAttribute('aria-describedby')).to.equal(false);
  });

  it('are checked before any request: Luhn, an expiry in the past, the brand’s code length', async () => {
    const el = await checkout({ mode: 'card', fields: 'email' });
    await type(el, 'email', 'ada@example.com');
    await type(el, 'card.number', '4111111111111112');
    await type(el, 'card.expiry', '01/20');
    await type(el, 'card.security_code', '12');
    expect(await errorsAfterPay(el)).to.deep.equal({
      'card.number': 'This card number is not valid.',
      'card.expiry': 'This card has expired.',
      'card.security_code': 'Enter the 3-digit security code.',
    });
    const now = new Date(2026, 10, 23);
    const amex = { 'card.number': '378282246310005', 'card.expiry': '11 / 26' };
    expect(checkCard({ ...amex, 'card.security_code': '123' }, now)).to.deep.equal({
      'card.security_code': 'security_code_4',
    });
    expect(checkCard({ ...amex, 'card.security_code': '1234' }, now)).to.deep.equal({});
    expect(
      checkCard({ ...amex, 'card.expiry': '13/30', 'card.security_code': '1234' }, now),
    ).to.have.property('card.expiry', 'expiry_invalid');
  });
});

describe('countries', () => {
  it('are named in the element’s locale and sorted by that name', async () => {
    const el = await checkout({ fields: 'billing', locale: 'de' });
    const options = [...(input(el, 'billing.country') as unknown as HTMLSelectElement).options];
    const names = options.slice(1).map((o) => o.textContent?.trim() ?? '');
    expect(names).to.include('Deutschland');
    expect(names).to.deep.equal([...names].sort((a, b) => a.localeCompare(b, 'de')));
    expect(options.find((o) => o.textContent?.trim() === 'Vereinigtes Königreich')?.value).to.equal(
      'GB',
    );
  });

  it('start at the country the locale names', async () => {
    const el = await checkout({ fields: 'billing', locale: 'pt-BR' });
    expect(input(el, 'billing.country').value).to.equal('BR');
    const plain = await checkout({ fields: 'billing', locale: 'en' });
    expect(plain.shadowRoot?.querySelector('select')?.value).to.equal('');
  });
});

describe('methods and readiness', () => {
  it('has a ready promise that a listener added late can still await', async () => {
    const el = await checkout({ fields: 'email' });
    await el.ready; // acquiring-ready has long fired
    const late = document.createElement('acquiring-checkout');
    const ready = late.ready;
    document.body.append(late);
    await ready;
    late.remove();
  });

  it('submit() pays as Pay does, checking the form first', async () => {
    const el = await checkout({ fields: 'email' });
    el.submit();
    await el.updateComplete;
    expect(input(el, 'email').getAttribute('aria-invalid')).to.equal('true');
    await type(el, 'email', 'ada@example.com');
    const submitted = new Promise<CustomEvent>((resolve) =>
      el.addEventListener('acquiring-submit', (e) => resolve(e as CustomEvent), { once: true }),
    );
    el.submit();
    expect((await submitted).detail.attempt_key).to.match(/^[0-9a-f-]{36}$/);
  });

  it('reset() empties the fields but the prefill, and clears the errors', async () => {
    const el = await checkout({ fields: 'email first_name' });
    el.shopper = { first_name: 'Ada' };
    await el.updateComplete;
    await type(el, 'email', 'nope');
    el.submit();
    await el.updateComplete;
    el.reset();
    await el.updateComplete;
    expect(input(el, 'email').value).to.equal('');
    expect(input(el, 'first_name').value).to.equal('Ada');
    expect(el.shadowRoot?.querySelectorAll('[aria-invalid="true"]').length).to.equal(0);
  });
});
