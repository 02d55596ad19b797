/**
 * A tab of Firefox ESR driven by puppeteer-core over WebDriver BiDi. The payment page's frame is
 * a browsing context of its own in BiDi, reached from the iframe element (`contentFrame`).
 */
import type { ElementHandle, Page } from 'puppeteer-core';
import { FramedTab, type PageLike } from './framed-tab.ts';

export class PuppeteerTab extends FramedTab<ElementHandle<HTMLSelectElement>> {
  constructor(readonly puppeteerPage: Page) {
    super(puppeteerPage as unknown as PageLike);
  }

  /** Key by key, as the shopper types. */
  protected async typeInto(handle: ElementHandle, text: string): Promise<void> {
    await handle.type(text);
  }

  protected async selectIn(handle: ElementHandle<HTMLSelectElement>, value: string): Promise<void> {
    await handle.select(value);
  }

  async close(): Promise<void> {
    await this.puppeteerPage.browserContext().close();
  }
}
