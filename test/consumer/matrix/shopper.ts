/** A signed-in shopper in the matrix's card-mode page: a card saved, then paid with in one click. */
import type { Page } from 'playwright-core';

export interface Result {
  status: string;
  order_no: string;
}

/** The element's next `acquiring-result` detail. */
function nextResult(page: Page): Promise<Result> {
  return page.evaluate(
    () =>
      new Promise<Result>((resolve) =>
        document
          .querySelector('acquiring-checkout')
          ?.addEventListener(
            'acquiring-result',
            (e) => resolve((e as unknown as CustomEvent<Result>).detail),
            {
              once: true,
            },
          ),
      ),
  );
}

async function fillShopper(page: Page): Promise<void> {
  const form = page.locator('acquiring-checkout');
  await form.getByLabel('Email').fill('ada@example.com');
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
}

/** Types a card, ticks "Save this card for next time" (offered to a signed-in shopper) and pays. */
export async function payWithNewCardAndSave(page: Page): Promise<Result> {
  const form = page.locator('acquiring-checkout');
  const save = form.getByLabel('Save this card for next time');
  await save.waitFor();
  await fillShopper(page);
  await form.getByLabel('Card number').fill('4111111111111111');
  await form.getByLabel('Expiry (MM / YY)').fill('12/30');
  await form.getByLabel('Security code').fill('123');
  await save.check();
  const result = nextResult(page);
  await form.getByRole('button', { name: 'Pay' }).click();
  return result;
}

/** Finds the saved card chosen on the next order, and pays with it: no card field typed. */
export async function payWithSavedCard(page: Page): Promise<Result> {
  const form = page.locator('acquiring-checkout');
  const saved = form.getByRole('radio', { name: 'Visa ending 1111, expires 12/30' });
  await saved.waitFor();
  if (!(await saved.isChecked())) throw new Error('the saved card is not chosen');
  await fillShopper(page);
  const result = nextResult(page);
  await form.getByRole('button', { name: 'Pay' }).click();
  return result;
}
