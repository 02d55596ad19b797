/**
 * A browser tab as a shopper uses it, whatever drives it: playwright-core (Chromium),
 * puppeteer-core over WebDriver BiDi (Firefox) or W3C WebDriver (WebKitGTK). Every driver finds
 * things the same way — one script, `locate`, run in the page — and then acts on them with its
 * own trusted clicks and key presses, so a flow (test/e2e/engines) or a measurement (bench/)
 * reads the same in each engine.
 */

/**
 * Where to look: the storefront's document, the `<acquiring-checkout>` element's shadow root, or
 * the service's payment page in the element's frame (on a page without the element, the page's
 * own frame): a cross-origin document, which each driver goes into its own way.
 */
export type Scope = 'page' | 'element' | 'frame';

/**
 * What to look for: a form control by its label's text (or `aria-label`), a button by its text,
 * or a CSS selector. The first one that shows on screen is taken.
 */
export type Target = { label: string } | { button: string } | { css: string };

/** How long a tab waits for something to show before the flow fails saying what it sought. */
export const WAIT_MS = 15_000;

/** The moves of a shopper, and a look into the storefront's document. */
export interface Tab {
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  back(): Promise<void>;
  url(): Promise<string>;
  /** Runs `fn` in the storefront's document (never the frame) with JSON arguments. */
  evaluate<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  /** As `evaluate`, in the frame's document once the frame is there. */
  evaluateInFrame<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  /** Clicks `target`, waiting for it to show. */
  click(scope: Scope, target: Target): Promise<void>;
  /** Empties `target` and types `text` (key by key; playwright-core fills it at once). */
  fill(scope: Scope, target: Target, text: string): Promise<void>;
  /** Chooses the option whose value is `value` in the select `target`. */
  select(scope: Scope, target: Target, value: string): Promise<void>;
  /** The text of `target` once it shows ('' when it shows empty). */
  text(scope: Scope, target: Target): Promise<string>;
  /** How many of `target` show now (no wait). */
  count(scope: Scope, target: Target): Promise<number>;
  /** Waits until `target` shows. */
  waitFor(scope: Scope, target: Target): Promise<void>;
  /** Presses `key` (`Tab`, `Escape`) where the focus is, as the shopper's keyboard does. */
  press(key: 'Tab' | 'Escape'): Promise<void>;
  close(): Promise<void>;
}

/**
 * `fn` called with `args`, as one expression a driver evaluates (in any document: no closure
 * crosses over). tsx compiles with esbuild's `keepNames`, whose `__name(fn, "name")` calls the
 * page lacks: the expression brings its own.
 */
export function expression<A extends unknown[]>(fn: (...args: A) => unknown, args: A): string {
  return `((__name) => (${fn.toString()}))((f) => f)(...${JSON.stringify(args)})`;
}

/**
 * Runs in the page: every element matching `target` under `scope` ('page' is the document the
 * script runs in). Its source is sent to the page; the expressions below keep those that show on
 * screen (a box: not `display: none`, not inside a closed `<details>`).
 */
export function locate(scope: 'page' | 'element', target: Target): Element[] {
  const root =
    scope === 'element' ? document.querySelector('acquiring-checkout')?.shadowRoot : document;
  if (!root) return [];
  const words = (el: Element) =>
    (el.getAttribute('aria-label') ?? el.textContent ?? '').replace(/\s+/g, ' ').trim();
  const named = (els: Element[], name: string) => {
    const exact = els.filter((el) => words(el) === name);
    return exact.length ? exact : els.filter((el) => words(el).startsWith(name));
  };
  let found: Element[];
  if ('css' in target) found = [...root.querySelectorAll(target.css)];
  else if ('button' in target)
    found = named([...root.querySelectorAll('button, [role="button"]')], target.button);
  else
    found = [
      ...named([...root.querySelectorAll('label')], target.label).map(
        (label) => (label as HTMLLabelElement).control,
      ),
      ...named([...root.querySelectorAll('[aria-label]')], target.label),
    ].filter((el): el is HTMLElement => el !== null);
  return found;
}

/** An expression for the first element of `target` that shows in `scope` (else `undefined`). */
export const first = (scope: 'page' | 'element', target: Target): string =>
  `${expression(locate, [scope, target])}.find((el) => el.getClientRects().length > 0)`;

/** An expression for how many of `target` show in `scope`. */
export const howMany = (scope: 'page' | 'element', target: Target): string =>
  `${expression(locate, [scope, target])}.filter((el) => el.getClientRects().length > 0).length`;

/** An expression for the payment page's frame: the element's iframe, else the page's. */
export const FRAME = `(${first('element', { css: 'iframe' })} ?? ${first('page', { css: 'iframe' })})`;

/**
 * Asks `step` again every `everyMs` until it answers something other than `undefined`, for
 * `WAIT_MS` at most; then fails naming `what` it waited for.
 */
export async function waitUntil<T>(
  step: () => Promise<T | undefined>,
  what: string,
  everyMs = 20,
): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await step();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`${what} did not show within ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

const lettersAndDigits = (text: string) => text.replace(/[^\p{L}\p{N}]/gu, '');

/**
 * What the three drivers share: waiting for a target to show, then acting on it. A driver says
 * how to find a target's element (`find`: its handle, or none yet) and how to act on a handle.
 */
export abstract class DriverTab<Handle> implements Tab {
  abstract goto(url: string): Promise<void>;
  abstract reload(): Promise<void>;
  abstract back(): Promise<void>;
  abstract url(): Promise<string>;
  abstract evaluate<A extends unknown[], T>(fn: (...args: A) => T, ...args: A): Promise<Awaited<T>>;
  abstract evaluateInFrame<A extends unknown[], T>(
    fn: (...args: A) => T,
    ...args: A
  ): Promise<Awaited<T>>;
  abstract close(): Promise<void>;
  abstract press(key: 'Tab' | 'Escape'): Promise<void>;
  /** The first of `target` that shows in `scope`, or undefined (the frame not there yet too). */
  protected abstract find(scope: Scope, target: Target): Promise<Handle | undefined>;
  /** Runs `fn` on the element `handle` names, in its own document. */
  protected abstract on<T>(
    handle: Handle,
    fn: (el: Element, arg: string) => T,
    arg?: string,
  ): Promise<T>;
  protected abstract clickHandle(handle: Handle): Promise<void>;
  protected abstract typeInto(handle: Handle, text: string): Promise<void>;
  protected abstract selectIn(handle: Handle, value: string): Promise<void>;
  /** How many of `target` show in `scope` (0 when the frame is not there). */
  abstract count(scope: Scope, target: Target): Promise<number>;

  /** Waits until `target` shows in `scope` (a frame navigating meanwhile is looked at again). */
  protected shown(scope: Scope, target: Target): Promise<Handle> {
    return waitUntil(
      () => this.find(scope, target).catch(() => undefined),
      `${JSON.stringify(target)} in the ${scope}`,
    );
  }

  async waitFor(scope: Scope, target: Target): Promise<void> {
    await this.shown(scope, target);
  }

  async click(scope: Scope, target: Target): Promise<void> {
    await this.clickHandle(await this.shown(scope, target));
  }

  /**
   * Types `text` into the field, as a shopper would, and checks that the field took it (its
   * letters and digits: a field may format what is typed). Keys sent while the focus moves, as a
   * frame's page settles, can land elsewhere: the field is then typed again, as a shopper seeing
   * it empty would, and a field that still does not take it fails here, naming what it holds,
   * rather than later as a payment that never comes.
   */
  async fill(scope: Scope, target: Target, text: string): Promise<void> {
    const wanted = lettersAndDigits(text);
    let held = '';
    for (let tries = 0; tries < 3; tries++) {
      const handle = await this.shown(scope, target);
      // Emptied as a shopper selecting all and deleting would, with the event it fires.
      await this.on(handle, (el) => {
        (el as HTMLInputElement).value = '';
        el.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
      });
      await this.typeInto(handle, text);
      held = await this.on(handle, (el) => (el as HTMLInputElement).value);
      if (lettersAndDigits(held) === wanted) return;
    }
    throw new Error(
      `${JSON.stringify(target)} in the ${scope} holds "${held}" after typing "${text}"`,
    );
  }

  async select(scope: Scope, target: Target, value: string): Promise<void> {
    await this.selectIn(await this.shown(scope, target), value);
  }

  async text(scope: Scope, target: Target): Promise<string> {
    const handle = await this.shown(scope, target);
    return this.on(handle, (el) => (el.textContent ?? '').trim());
  }
}
