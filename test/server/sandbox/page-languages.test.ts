/**
 * The sandbox's pages in the shopper's language: for every locale the element ships, the card
 * page (and its error), the 3-D Secure challenge and the PIX issuer page, reached over HTTP as a
 * browser reaches them with the request's `browser_lang`, carry the locale's `lang` and direction
 * and none of the English texts the locale words otherwise. They name what is paid for by the
 * shop's items, never by the order number.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { escapeHtml } from '../../../server/gateway/index.ts';
import { ENGLISH, type PageTexts } from '../../../server/sandbox/page-words.ts';
import { PAGE_LANGUAGES, pageLanguage } from '../../../server/sandbox/page-texts.ts';
import { startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

/** The element's locales: English, built in, and one file each for the others. */
const WIDGET_LOCALES = [
  'en',
  ...readdirSync(new URL('../../../widget/src/locales/', import.meta.url)).map((file) =>
    file.replace(/\.ts$/, ''),
  ),
];

/** The texts each page shows (the rest are other pages'). */
const SHOWN: Record<string, (keyof PageTexts)[]> = {
  card: ['pay_by_card', 'card_number', 'expiry', 'security_code', 'name_on_card', 'pay', 'cancel', 'card_hint'],
  'card with its error': ['pay_by_card', 'card_number', 'card_expired'],
  challenge: ['confirm_title', 'code_label', 'confirm', 'challenge_hint'],
  issuer: ['pay', 'cancel_payment'],
}; // prettier-ignore

const TEST_CARD = '4111 1111 1111 1111';

/**
 * As the pages write a text into HTML: the hint's test card isolated left to right, so that in
 * Hebrew or Arabic its groups do not read in the opposite order.
 */
const escaped = (text: string) =>
  escapeHtml(text).replace(TEST_CARD, `<bdi dir="ltr">${TEST_CARD}</bdi>`);

describe("the sandbox's pages speak the shopper's language", () => {
  let sandbox: RunningSandbox;
  let counter = 0;
  before(async () => (sandbox = await startSandbox()));
  after(() => sandbox.close());

  const form = (fields: Record<string, string>) => ({
    method: 'POST',
    body: new URLSearchParams(fields),
    redirect: 'manual' as const,
  });

  /** The hosted card page's address for a checkout in `lang` with `fields`. */
  async function cardPage(lang: string, fields: Record<string, string> = {}): Promise<string> {
    const checkout = await sandbox.client().checkout({
      order_no: `lang-${++counter}`, currency: 'USD', amount: '25.00', browser_lang: lang, ...fields,
    }); // prettier-ignore
    // The post's answer is the card form; its own address is the session's.
    const posted = await fetch(checkout.action, form(checkout.inputs));
    assert.equal(posted.status, 200);
    return checkout.action.replace(
      /checkout$/,
      encodeURIComponent(checkout.inputs.session_token ?? ''),
    );
  }

  /** Each page's HTML, reached as the shopper reaches it. */
  async function pages(lang: string): Promise<Record<string, string>> {
    const card = await cardPage(lang);
    const expired = await fetch(`${card}/pay`, form({ card: '4111111111111111', expiry: '01/20', security_code: '123' })); // prettier-ignore
    const sent = await fetch(`${card}/pay`, form({ card: '4000000000003220', expiry: '12/30', security_code: '123' })); // prettier-ignore
    const challenge = new URL(sent.headers.get('location') ?? '', sandbox.url);
    const { issuer_url } = await sandbox.client().apmPayment({
      order_no: `lang-apm-${++counter}`, currency: 'BRL', amount: '40.00', payment_method: 'PIX', browser_lang: lang,
      person: { document_number: '52998224725', document_type: 'CPF' },
    }); // prettier-ignore
    const transfer = await sandbox.client().apmPayment({
      order_no: `lang-bank-${++counter}`, currency: 'USD', amount: '40.00', payment_method: 'BANK_TRANSFER', browser_lang: lang,
    }); // prettier-ignore
    return {
      'issuer by bank transfer': await (await fetch(transfer.issuer_url)).text(),
      card: await (await fetch(card)).text(),
      'card with its error': await expired.text(),
      challenge: await (await fetch(challenge)).text(),
      issuer: await (await fetch(issuer_url)).text(),
    };
  }

  it('in every locale the element ships', () => {
    assert.deepEqual([...PAGE_LANGUAGES].sort(), [...WIDGET_LOCALES].sort());
  });

  for (const locale of WIDGET_LOCALES) {
    it(`${locale}: lang, direction and words of the card, 3-D Secure and PIX pages`, async () => {
      const { t, dir } = pageLanguage(locale);
      assert.ok(t.card_hint.includes(TEST_CARD), `${locale}: the hint writes the test card so`);
      const shown = await pages(locale);
      for (const [name, html] of Object.entries(shown)) {
        assert.match(html, new RegExp(`<html lang="${locale}" dir="${dir}">`), name);
        for (const key of SHOWN[name] ?? []) {
          // Each text is a whole element's content: `>Cancel<`, never inside "Cancelar".
          assert.ok(html.includes(`>${escaped(t[key])}<`), `${name} in ${locale}: ${key}`);
          if (locale !== 'en' && t[key] !== ENGLISH[key])
            assert.ok(!html.includes(`>${escaped(ENGLISH[key])}<`), `${name} in ${locale}: "${ENGLISH[key]}"`); // prettier-ignore
        }
      }
      // The method by its name in the page's language, never its code.
      const { 'issuer by bank transfer': transfer = '' } = shown;
      assert.ok(
        transfer.includes(`<h1>${escaped(t.pay_with.replace('{method}', t.bank_transfer))}</h1>`),
        locale,
      );
      assert.doesNotMatch(transfer, /BANK_TRANSFER/);
    });
  }

  it('a tag resolves to its language, else English; right to left for ar and he', () => {
    const cases: [string, string, string][] = [
      ['pt-BR', 'pt-BR', 'ltr'], ['fr-CA', 'fr', 'ltr'], ['ar-EG', 'ar', 'rtl'], ['he', 'he', 'rtl'],
      ['no-NO', 'nb', 'ltr'], ['eo', 'en', 'ltr'], ['', 'en', 'ltr'], ['zh-cn', 'zh-CN', 'ltr'],
    ]; // prettier-ignore
    for (const [tag, lang, dir] of cases)
      assert.deepEqual([pageLanguage(tag).lang, pageLanguage(tag).dir], [lang, dir], tag);
  });

  it("names what is paid for by the shop's items, never by the order number", async () => {
    const items = 'Ceramic mug#,#MUG-1#,#12.00#,#2#;#Tea#,#TEA-1#,#1.00#,#1';
    const page = await (await fetch(await cardPage('en', { items, item_total: '25.00' }))).text();
    assert.match(page, /<p data-testid="description">Ceramic mug × 2, Tea<\/p>/);
    assert.doesNotMatch(page, /lang-\d+/, 'the order number');
    const bare = await (await fetch(await cardPage('en'))).text();
    assert.doesNotMatch(bare, /data-testid="description"|lang-\d+/);
  });
});
