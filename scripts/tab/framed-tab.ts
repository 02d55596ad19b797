/**
 * What playwright-core and puppeteer-core share: a page whose frames (the cross-origin payment
 * page's too) are objects of their own, reached from the iframe element (`contentFrame`), and
 * element handles that click. Each driver's tab says only how it types, chooses and closes.
 */
import {
  DriverTab,
  FRAME,
  expression,
  first,
  howMany,
  waitUntil,
  type Scope,
  type Target,
} from './tab.ts';

/** The part of a Playwright or Puppeteer frame the tabs use. */
export interface FrameLike {
  evaluate(expression: string): Promise<unknown>;
  evaluateHandle(expression: string): Promise<{ asElement(): unknown }>;
}

/** The part of a Playwright or Puppeteer element handle the tabs use. */
export interface ElementLike {
  evaluate(fn: (el: Element, arg: string) => unknown, arg: string): Promise<unknown>;
  click(): Promise<unknown>;
  contentFrame(): Promise<FrameLike | null>;
}

/** The part of a Playwright or Puppeteer page the tabs use. */
export interface PageLike extends FrameLike {
  goto(url: string): Promise<unknown>;
  reload(): Promise<unknown>;
  goBack(): Promise<unknown>;
  url(): string;
  mainFrame(): FrameLike;
  keyboard: { press(key: string): Promise<unknown> };
}

export abstract class FramedTab<Handle extends ElementLike> extends DriverTab<Handle> {
  constructor(readonly page: PageLike) {
    super();
  }

  async goto(url: string): Promise<void> {
    await this.page.goto(url);
  }

  async reload(): Promise<void> {
    await this.page.reload();
  }

  async back(): Promise<void> {
    await this.page.goBack();
  }

  async url(): Promise<string> {
    return this.page.url();
  }

  async press(key: 'Tab' | 'Escape'): Promise<void> {
    await this.page.keyboard.press(key);
  }

  evaluate<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>> {
    return this.page.evaluate(expression(fn, args)) as Promise<Awaited<T>>;
  }

  async evaluateInFrame<A extends unknown[], T>(
    fn: (...args: A) => T,
    ...args: A
  ): Promise<Awaited<T>> {
    const document = await waitUntil(() => this.#document('frame'), 'the frame');
    return document.frame.evaluate(expression(fn, args)) as Promise<Awaited<T>>;
  }

  /** The document `scope` names ('element' is in the page's), or none while the frame is missing. */
  async #document(
    scope: Scope,
  ): Promise<{ frame: FrameLike; within: 'page' | 'element' } | undefined> {
    if (scope !== 'frame') return { frame: this.page.mainFrame(), within: scope };
    const iframe = (await this.page.evaluateHandle(FRAME)).asElement() as ElementLike | null;
    const frame = await iframe?.contentFrame();
    return frame ? { frame, within: 'page' } : undefined;
  }

  protected async find(scope: Scope, target: Target): Promise<Handle | undefined> {
    const document = await this.#document(scope);
    if (!document) return undefined;
    const handle = await document.frame.evaluateHandle(first(document.within, target));
    return (handle.asElement() as Handle | null) ?? undefined;
  }

  async count(scope: Scope, target: Target): Promise<number> {
    const document = await this.#document(scope);
    return document
      ? ((await document.frame.evaluate(howMany(document.within, target))) as number)
      : 0;
  }

  protected on<T>(handle: Handle, fn: (el: Element, arg: string) => T, arg = ''): Promise<T> {
    return handle.evaluate(fn, arg) as Promise<T>;
  }

  protected async clickHandle(handle: Handle): Promise<void> {
    await handle.click();
  }
}
