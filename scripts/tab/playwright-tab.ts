/** A tab of Debian's Chromium driven by playwright-core. */
import type { ElementHandle, Page } from 'playwright-core';
import { FramedTab, type PageLike } from './framed-tab.ts';

export class PlaywrightTab extends FramedTab<ElementHandle> {
  constructor(readonly playwrightPage: Page) {
    super(playwrightPage as unknown as PageLike);
  }

  protected async typeInto(handle: ElementHandle, text: string): Promise<void> {
    await handle.fill(text);
  }

  protected async selectIn(handle: ElementHandle, value: string): Promise<void> {
    await handle.selectOption(value);
  }

  async close(): Promise<void> {
    await this.playwrightPage.context().close();
  }
}
