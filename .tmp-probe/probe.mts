import { launchChromium } from '../scripts/chromium.ts';
import { Shopper, CARDS } from '../test/e2e/helpers/demo.ts';
const browser = await launchChromium();
for (const width of [1280, 375]) {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const seen: string[] = [];
  context.on('request', (r) => seen.push(r.url()));
  const s = new Shopper(await context.newPage());
  s.page.setDefaultTimeout(15000);
  await s.open('/', 'http://127.0.0.1:8090');
  await s.add('Enamel mug');
  const ref = await s.checkout();
  await s.fillDetails();
  await s.pay();
  await s.frame.getByLabel('Card number').waitFor();
  await s.page.screenshot({ path: `/tmp/hosted-frame-${width}.png`, fullPage: true });
  await Shopper.payCard(s.frame, CARDS.success);
  console.log(width, ref, await s.outcome(), await s.violations());
  await s.page.screenshot({ path: `/tmp/hosted-done-${width}.png`, fullPage: true });
  await s.page.goto('http://127.0.0.1:8090/console');
  await s.page.locator(`tr[data-order-ref="${ref}"]`).waitFor();
  await s.page.screenshot({ path: `/tmp/hosted-console-${width}.png`, fullPage: true });
  console.log([...new Set(seen.map((u) => new URL(u).origin))]);
}
await browser.close();
