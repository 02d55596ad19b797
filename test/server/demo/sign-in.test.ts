/**
 * The demo shopper's sign-in (demo/sign-in.ts), through the demo server and a real companion
 * whose resolveShopper reads its cookie, as in the public demo: each visitor's space is a shopper
 * of its own, so nobody sees another's saved cards, and a cookie nobody signed names nobody.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { demoShopper } from '../../../demo/sign-in.ts';
import { sessionBody } from '../helpers/companion.ts';
import { TEST_DATABASES } from '../helpers/databases.ts';
import { startPublicDemo, type PublicDemo } from '../helpers/public-demo.ts';

const SECRET = 'a-secret-for-the-sign-in-test-0123456789';

for (const database of TEST_DATABASES)
  describe(`the demo shopper’s sign-in, on ${database.name}`, () => {
    let demo: PublicDemo;
    let origin = '';
    let companion: PublicDemo['companion'];

    before(async () => {
      demo = await startPublicDemo(
        database,
        { resolveShopper: demoShopper(SECRET) },
        { signIn: { secret: SECRET, secure: false } },
      );
      ({ origin, companion } = demo);
    });
    after(() => demo.close());

    /** A new visitor, signed in: the cookies their browser holds. */
    async function signedInVisitor(): Promise<string> {
      const page = await fetch(`${origin}/`);
      const space = (page.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
      assert.match(await page.text(), /<button type="submit">Sign in as demo shopper<\/button>/);
      const signIn = await fetch(`${origin}/demo/sign-in`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: space, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'back=%2Fspa',
      });
      assert.equal(signIn.status, 303);
      assert.equal(signIn.headers.get('location'), '/spa');
      const set = signIn.headers.get('set-cookie') ?? '';
      assert.match(set, /^demo_shopper=demo-shopper\.v[0-9a-f]{10}~/);
      assert.match(set, /HttpOnly/);
      assert.match(set, /SameSite=Lax/);
      return `${space}; ${set.split(';')[0]}`;
    }

    const savedCards = async (cookie: string) =>
      (await (
        await fetch(`${companion.url}/api/saved-cards`, { headers: { origin, cookie } })
      ).json()) as { signed_in: boolean; cards: unknown[] };

    it('signs a visitor in: the page says so, and the companion knows the shopper', async () => {
      const cookie = await signedInVisitor();
      const page = await (await fetch(`${origin}/`, { headers: { cookie } })).text();
      assert.match(page, /data-shopper="signed-in"/);
      assert.match(page, /action="\/demo\/sign-out"/);
      assert.deepEqual(await savedCards(cookie), { signed_in: true, cards: [] });
    });

    it('keeps visitors apart: one’s saved card is not another’s', async () => {
      const ada = await signedInVisitor();
      const other = await signedInVisitor();
      const saved = await fetch(`${companion.url}/api/card-payments`, {
        method: 'POST',
        headers: { origin, cookie: ada, 'content-type': 'application/json' },
        body: JSON.stringify(
          sessionBody(`${/demo_space=s%3A(v[0-9a-f]{10})/.exec(ada)?.[1]}.mug.signin1`, {
            card: {
              number: '4111111111111111',
              expiry_month: '12',
              expiry_year: '2030',
              security_code: '123',
            },
            save_card: true,
          }),
        ),
      });
      assert.equal(saved.status, 201, await saved.clone().text());
      assert.equal((await savedCards(ada)).cards.length, 1);
      assert.deepEqual(await savedCards(other), { signed_in: true, cards: [] });
    });

    it('names nobody with a cookie it did not sign', async () => {
      const cookie = await signedInVisitor();
      const forged = cookie.replace(
        /demo_shopper=demo-shopper\.v[0-9a-f]{10}/,
        'demo_shopper=demo-shopper.v0000000000',
      );
      assert.deepEqual(await savedCards(forged), { signed_in: false, cards: [] });
      assert.deepEqual(await savedCards('demo_shopper=demo-shopper'), {
        signed_in: false,
        cards: [],
      });
    });

    it('signs out', async () => {
      const cookie = await signedInVisitor();
      const out = await fetch(`${origin}/demo/sign-out`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'back=https%3A%2F%2Felsewhere.example%2F',
      });
      assert.equal(out.status, 303);
      assert.equal(out.headers.get('location'), '/', 'back to the shop’s own pages only');
      assert.match(out.headers.get('set-cookie') ?? '', /^demo_shopper=;/);
    });
  });
