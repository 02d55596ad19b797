/**
 * A window of WebKitGTK's MiniBrowser driven over W3C WebDriver. WebDriver has one current
 * document per session: each command starts from the top-level one and, for the payment page,
 * switches into the element's iframe (cross-origin frames are WebDriver's to enter like any).
 */
import { isElementRef, type ElementRef, type WebDriverSession } from '../webdriver.ts';
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

/** An element, and the iframe whose document holds it (none: the top-level document). */
interface Located {
  element: ElementRef;
  frame: ElementRef | null;
}

export class WebDriverTab extends DriverTab<Located> {
  /** The iframe whose document the session's commands go to now; null: the top-level one. */
  #current: ElementRef | null = null;

  constructor(readonly session: WebDriverSession) {
    super();
  }

  /** Makes `frame`'s document (null: the top-level one) the current one, if it is not yet. */
  async #switch(frame: ElementRef | null): Promise<void> {
    if (JSON.stringify(frame) === JSON.stringify(this.#current)) return;
    if (this.#current) await this.session.switchToFrame(null);
    this.#current = null;
    if (frame) await this.session.switchToFrame(frame);
    this.#current = frame;
  }

  async goto(url: string): Promise<void> {
    await this.#switch(null);
    await this.session.navigate(url);
  }

  async reload(): Promise<void> {
    await this.#switch(null);
    await this.session.refresh();
  }

  async back(): Promise<void> {
    await this.#switch(null);
    await this.session.back();
  }

  url(): Promise<string> {
    return this.session.url();
  }

  async evaluate<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>> {
    await this.#switch(null);
    return this.#evaluateHere(fn, args);
  }

  async evaluateInFrame<A extends unknown[], T>(
    fn: (...args: A) => T,
    ...args: A
  ): Promise<Awaited<T>> {
    await waitUntil(() => this.#enter('frame'), 'the frame');
    return this.#evaluateHere(fn, args);
  }

  /** Runs `fn` in the session's current document. */
  async #evaluateHere<A extends unknown[], T>(fn: (...args: A) => T, args: A): Promise<Awaited<T>> {
    // Async, so that a promise is waited for as the other drivers do; a rejection is thrown here.
    const done = await this.session.executeAsync<{ value: Awaited<T> } | { error: string }>(
      `const done = arguments[0];
      Promise.resolve()
        .then(() => ${expression(fn, args)})
        .then((value) => done({ value }), (e) => done({ error: String(e) }));`,
    );
    if ('error' in done) throw new Error(`in the page: ${done.error}`);
    return done.value;
  }

  /** Makes `scope`'s document the session's current one; answers the iframe entered, if any. */
  async #enter(
    scope: Scope,
  ): Promise<{ frame: ElementRef | null; within: 'page' | 'element' } | undefined> {
    await this.#switch(null);
    if (scope !== 'frame') return { frame: null, within: scope };
    const iframe = await this.session.execute<unknown>(`return ${FRAME}`);
    if (!isElementRef(iframe)) return undefined;
    await this.#switch(iframe);
    return { frame: iframe, within: 'page' };
  }

  protected async find(scope: Scope, target: Target): Promise<Located | undefined> {
    const document = await this.#enter(scope);
    if (!document) return undefined;
    const element = await this.session.execute<unknown>(`return ${first(document.within, target)}`);
    return isElementRef(element) ? { element, frame: document.frame } : undefined;
  }

  async count(scope: Scope, target: Target): Promise<number> {
    const document = await this.#enter(scope);
    return document
      ? this.session.execute<number>(`return ${howMany(document.within, target)}`)
      : 0;
  }

  protected async on<T>(
    located: Located,
    fn: (el: Element, arg: string) => T,
    arg = '',
  ): Promise<T> {
    await this.#switch(located.frame);
    return this.session.execute<T>(
      `return ((__name) => (${fn.toString()}))((f) => f)(arguments[0], arguments[1])`,
      [located.element, arg],
    );
  }

  protected async clickHandle(located: Located): Promise<void> {
    await this.#switch(located.frame);
    await this.session.click(located.element);
  }

  protected async typeInto(located: Located, text: string): Promise<void> {
    await this.#switch(located.frame);
    if (!located.frame) return this.session.type(located.element, text);
    // WebKitGTK's Element Send Keys refuses a field in a cross-origin frame ("not focusable"):
    // the shopper's way instead, a click into it and the keys.
    await this.session.click(located.element);
    await this.session.keys([...text]);
  }

  /** WebDriver chooses an option by clicking it. */
  protected async selectIn(located: Located, value: string): Promise<void> {
    await this.#switch(located.frame);
    const option = await this.session.execute<unknown>(
      'return [...arguments[0].options].find((o) => o.value === arguments[1])',
      [located.element, value],
    );
    if (!isElementRef(option)) throw new Error(`no option ${value}`);
    await this.session.click(option);
  }

  /**
   * Keys go to the focused element of the session's current document: the frame's, when the
   * focus is in the payment page's frame (the storefront's document sees only the iframe), else
   * the storefront's.
   */
  async press(key: 'Tab' | 'Escape'): Promise<void> {
    await this.#switch(null);
    const inFrame = await this.session.execute<boolean>(
      `const active = document.activeElement; return (active?.shadowRoot?.activeElement ?? active)?.localName === 'iframe'`,
    );
    await this.#enter(inFrame ? 'frame' : 'page');
    await this.session.keys([key]);
  }

  async close(): Promise<void> {
    await this.session.close();
  }
}
