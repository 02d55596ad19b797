import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemoStack } from '../../demo/stack.ts';
import { launchChromium } from '../chromium.ts';

const out = '/tmp/shots';
const stack = await startDemoStack({ port: 0, sandboxPort: 0, companionPort: 0, dataDir: mkdtempSync(join(tmpdir(), 'shots-')) });
const browser = await launchChromium();
try {
  for (const width of [1280, 375]) {
    const context = await browser.newContext({ viewport: { width, height: width === 375 ? 800 : 900 } });
    const page = await context.newPage();
    page.setDefaultTimeout(15000);
    await page.goto(stack.storefrontUrl);
    await page.screenshot({ path: `${out}/${width}-0-signed-out.png` });
    await page.getByRole('button', { name: 'Sign in as demo shopper' }).click();
    await page.getByText('Signed in as Ada').waitFor();
    const form = page.locator('acquiring-checkout');
    const add = async (name: string) => page.locator('.product', { hasText: name }).getByRole('button').click();
    const open = async (mode: string) => {
      await page.locator(`input[name="mode"][value="${mode}"]`).check();
      await page.getByRole('button', { name: 'Checkout' }).click();
      await form.locator('form').waitFor();
    };
    await add('Enamel mug');
    await open('card');
    await page.waitForTimeout(500);
    if (await form.getByRole('radio', { name: 'Use a new card' }).count()) await form.getByRole('radio', { name: 'Use a new card' }).check();
    await form.getByLabel('Save this card for next time').waitFor();
    await form.getByLabel('Card number').fill('4111111111111111');
    await form.getByLabel('Expiry (MM / YY)').fill('12/30');
    await form.getByLabel('Security code').fill('123');
    await form.getByLabel('Save this card for next time').check();
    await form.scrollIntoViewIfNeeded();
    await form.screenshot({ path: `${out}/${width}-1-save-ticked.png` });
    await form.getByRole('button', { name: 'Pay' }).click();
    await form.locator('[part="result"]').waitFor();
    if (width === 1280) {
      // A second card, so the list has two.
      await add('Organic T-shirt');
      await open('card');
      await form.getByRole('radio').first().waitFor();
      await form.getByRole('radio', { name: 'Use a new card' }).check();
      await form.getByLabel('Card number').fill('5555555555554444');
      await form.getByLabel('Expiry (MM / YY)').fill('11/29');
      await form.getByLabel('Security code').fill('123');
      await form.getByLabel('Save this card for next time').check();
      await form.getByRole('button', { name: 'Pay' }).click();
      await form.locator('[part="result"]').waitFor();
    }
    await add('Risograph poster');
    await open('card');
    await form.getByRole('radio').first().waitFor();
    await form.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${out}/${width}-2-card-list-page.png`, fullPage: true });
    await form.screenshot({ path: `${out}/${width}-2-card-list.png` });
    await form.getByRole('radio', { name: 'Use a new card' }).check();
    await form.screenshot({ path: `${out}/${width}-3-new-card.png` });
    await form.getByRole('radio').first().check();
    await form.getByRole('button', { name: 'Remove' }).first().click();
    await form.getByText('Card removed.').waitFor();
    await form.screenshot({ path: `${out}/${width}-4-removed.png` });
    await add('Risograph poster');
    await open('checkout');
    await page.waitForTimeout(500);
    await form.screenshot({ path: `${out}/${width}-5-checkout-mode.png` });
    await add('Enamel mug');
    await open('apm');
    await form.getByLabel('CPF').fill('52998224724');
    await form.getByRole('button', { name: 'Pay' }).click();
    await form.getByText('Enter a valid CPF').waitFor();
    await form.screenshot({ path: `${out}/${width}-6-cpf-error.png` });
    await page.locator('acquiring-checkout').evaluate((el) => ((el as any).theme = 'dark'));
    await add('Risograph poster');
    await open('card');
    await page.locator('acquiring-checkout').evaluate((el) => { (el as any).theme = 'dark'; (el as any).locale = 'ar'; });
    await form.getByRole('radio').first().waitFor();
    await page.waitForTimeout(300);
    await form.screenshot({ path: `${out}/${width}-7-dark-ar.png` });
    await context.close();
  }
} finally {
  await browser.close();
  await stack.close();
}
