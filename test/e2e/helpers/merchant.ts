/** The merchant's moves in the demo's operations console, and its agreement with the services. */
import type { Page } from 'playwright-core';
import { until } from '../../server/helpers/until.ts';
import type { World } from './world.ts';

/** The merchant in the operations console. */
export class Merchant {
  constructor(
    readonly page: Page,
    readonly world: World,
  ) {}

  async open(): Promise<void> {
    await this.page.goto(`${this.world.stack.storefrontUrl}/console`);
  }

  /** Reloads the orders; done once the console has drawn them (it asks for payouts after). */
  async refresh(): Promise<void> {
    const drawn = this.page.waitForResponse((r) => r.url().endsWith('/console/api/payouts'));
    await this.page.getByRole('button', { name: 'Refresh' }).click();
    await drawn;
  }

  row(orderRef: string) {
    return this.page.locator(`tr[data-order-ref="${orderRef}"]`);
  }

  /** Presses an order's button and answers the console's message about it. */
  act(orderRef: string, button: string): Promise<string> {
    return this.#answer(orderRef, () =>
      this.row(orderRef).getByRole('button', { name: button, exact: true }).click(),
    );
  }

  async refund(orderRef: string, amount: string): Promise<string> {
    await this.row(orderRef).getByLabel(`Refund amount for ${orderRef}`).fill(amount);
    return this.#answer(orderRef, () =>
      this.row(orderRef).getByRole('button', { name: 'Refund' }).click(),
    );
  }

  /**
   * The console's answer to `press`, not the message before it: a second refund of one order
   * was read as the first's "done" when the console had not yet begun it (seen in CI, under
   * load).
   */
  async #answer(orderRef: string, press: () => Promise<void>): Promise<string> {
    const before = await this.page.locator('#message').textContent();
    await press();
    await this.page.waitForFunction(
      (shown) => document.querySelector('#message')?.textContent !== shown,
      before,
      { polling: 100 },
    );
    return this.message(orderRef);
  }

  /** The console's message once it speaks of `about` and has finished (no trailing ellipsis). */
  async message(about: string): Promise<string> {
    const message = this.page.locator('#message');
    await message.filter({ hasText: about }).filter({ hasNotText: '…' }).waitFor();
    return (await message.textContent()) ?? '';
  }

  async statusOf(orderRef: string): Promise<string> {
    return (await this.row(orderRef).locator('[data-field="status"]').textContent()) ?? '';
  }

  /**
   * Waits until the console (after a refresh), the companion's store and the sandbox all say
   * `status` for the order. With `attempt` (an order_no), the sandbox is asked about that attempt,
   * and the console and the store only while the order is still on it: after an unpaid attempt
   * the widget may prepare the next one at once, and the order then rightly speaks of that one.
   */
  async agree(orderRef: string, status: string, { attempt }: { attempt?: string } = {}) {
    await until(
      async () => {
        await this.refresh();
        const order = await this.world.stack.companion().context.store.orders.get(orderRef);
        const orderNo = attempt ?? order?.order_no;
        const service = orderNo ? await this.world.serviceStatus(orderNo) : undefined;
        if (attempt && order?.order_no && order.order_no !== attempt) return [service];
        return [await this.statusOf(orderRef).catch(() => undefined), order?.status, service];
      },
      (seen) => seen.every((s) => s === status),
      {
        timeoutMs: 10_000,
        everyMs: 150,
        what: `console, store and sandbox all saying ${status}`,
      },
    );
  }
}
