/**
 * What the browser benchmarks run inside the page, whichever driver sends it (their source is
 * sent, so each stands alone: no imports, no closures). Times are the page's own clock.
 */

/** Fresh page loads a browser figure is the median of (`BENCH_LOADS`), in every engine. */
export const LOADS = Number(process.env.BENCH_LOADS ?? 20);
/** The longest the bench waits between the last key and Pay, as a shopper moving to the button. */
export const SHOPPER_TO_PAY_MS = 1_000;

/** Inserts the element with `attrs` and answers the milliseconds until its form can be used. */
export async function insertAndTime(attrs: Record<string, string>): Promise<number> {
  const started = performance.now();
  const element = document.createElement('acquiring-checkout') as HTMLElement & {
    ready: Promise<void>;
  };
  for (const [name, value] of Object.entries(attrs)) element.setAttribute(name, value);
  document.body.append(element);
  // `ready`: first rendered, fields and Pay usable. Not `updateComplete`, which also waits for
  // the parts loaded beside the element (the schema, a locale) that Pay awaits if need be.
  await element.ready;
  const field = element.shadowRoot?.querySelector('input');
  const pay = element.shadowRoot?.querySelector<HTMLButtonElement>('[part="pay-button"]');
  if (!field || field.disabled || !pay || pay.disabled) throw new Error('the form is not usable');
  return performance.now() - started;
}

/**
 * Waits, `ms` at most, for the answer to the checkout session the element starts before Pay
 * (the page's Resource Timing shows it once answered), as a shopper takes a second to reach Pay.
 */
export async function sessionAnswered(ms: number): Promise<void> {
  const until = performance.now() + ms;
  const answered = () =>
    performance
      .getEntriesByType('resource')
      .some(
        (e) =>
          e.name.includes('/api/checkout-sessions') &&
          (e as PerformanceResourceTiming).responseEnd > 0,
      );
  while (!answered() && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * Starts keeping the time of every load event of the page's frames (the element's, in its shadow
 * root, too), for `frameLoadsAfter` and `frameLoadSince`: the storefront's view of its frame.
 */
export function countFrameLoads(): void {
  const page = window as unknown as { frameLoads?: number[] };
  page.frameLoads = [];
  const count = (event: Event) => {
    if ((event.target as Element).tagName === 'IFRAME')
      page.frameLoads?.push(performance.timeOrigin + performance.now());
  };
  // Capturing: a frame's load event does not bubble, and the element's frame is in its shadow root.
  document.addEventListener('load', count, true);
  document.querySelector('acquiring-checkout')?.shadowRoot?.addEventListener('load', count, true);
}

/**
 * Waits in the page, `ms` at most, for the answer to the session prepared before Pay, and
 * presses Pay the moment it is seen (answers when, as `pressPay`): the page the element then
 * starts loading out of sight (widget/src/page-ahead.ts) has had no time yet, so the click
 * measures the way to a page that is not ready. A wait through the driver would let it load.
 */
export async function payOnceSessionAnswered(ms: number): Promise<number> {
  const until = performance.now() + ms;
  const answered = () =>
    performance
      .getEntriesByType('resource')
      .some(
        (e) =>
          e.name.includes('/api/checkout-sessions') &&
          (e as PerformanceResourceTiming).responseEnd > 0,
      );
  while (!answered() && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 1));
  const element = document.querySelector('acquiring-checkout');
  const pressedAt = performance.timeOrigin + performance.now();
  element?.shadowRoot?.querySelector<HTMLButtonElement>('[part="pay-button"]')?.click();
  return pressedAt;
}

/** Presses the element's Pay from inside the page; answers when (`timeOrigin + now()`), just before. */
export function pressPay(): number {
  const element = document.querySelector('acquiring-checkout');
  const pressedAt = performance.timeOrigin + performance.now();
  element?.shadowRoot?.querySelector<HTMLButtonElement>('[part="pay-button"]')?.click();
  return pressedAt;
}

/** Puts `url` in a new frame of the page; answers when (`timeOrigin + now()`), just before. */
export function insertFrame(url: string): number {
  const frame = document.createElement('iframe');
  frame.src = url;
  const insertedAt = performance.timeOrigin + performance.now();
  document.body.append(frame);
  return insertedAt;
}

/**
 * Waits in the page, 15 s at most, until its frames have fired more than `seen` load events since
 * `countFrameLoads`; answers how many. A wait in the page: no driver asks anything meanwhile.
 */
export async function frameLoadsAfter(seen: number): Promise<number> {
  const until = performance.now() + 15_000;
  const loads = () => (window as unknown as { frameLoads?: number[] }).frameLoads ?? [];
  while (loads().length <= seen && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 2));
  return loads().length;
}

/**
 * The first frame load event at or after `at` (`timeOrigin + now()`), waited for 2 s at most in
 * the page; NaN if none came.
 */
export async function frameLoadSince(at: number): Promise<number> {
  const until = performance.now() + 2_000;
  const found = () =>
    ((window as unknown as { frameLoads?: number[] }).frameLoads ?? []).find((t) => t >= at);
  while (found() === undefined && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 2));
  return found() ?? NaN;
}

/**
 * When the element posted the session's form into its frame (widget/src/page-ahead.ts), as the
 * latest such mark (`timeOrigin + now()`); NaN if it never did.
 */
export function formPosted(): number {
  const marks = performance.getEntriesByName('acquiring-checkout:page-form-posted');
  const last = marks.at(-1);
  return last ? performance.timeOrigin + last.startTime : NaN;
}

/**
 * The storefront's Resource Timing of its frame's first document since `at` (`timeOrigin +
 * now()`): when its request started and its answer ended, on the same clock; NaN where the
 * engine lists no such entry.
 */
export function frameDocument(at: number): { request: number; response: number } {
  const entry = (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find(
    (e) => e.initiatorType === 'iframe' && performance.timeOrigin + e.startTime >= at,
  );
  return entry
    ? {
        request: performance.timeOrigin + entry.startTime,
        response: performance.timeOrigin + entry.responseEnd,
      }
    : { request: NaN, response: NaN };
}

/** The hosted page's own clock (`timeOrigin`) and its Navigation and Paint Timing marks. */
export interface HostedTimings {
  /** Its navigation's start: the form's post from `/pay`, or the frame's first request. */
  origin: number;
  /** Its answer has arrived (ms after `origin`, as the marks below). */
  response: number;
  /** Parsed, the card field in the document (`domContentLoadedEventEnd`). */
  parsed: number;
  /** Its load event done: the stylesheet in, the field styled (`loadEventEnd`). */
  loaded: number;
  /** Its first contentful paint; NaN where the engine records none. */
  painted: number;
}

/**
 * Runs in the frame's document: the hosted payment page's timings once its load event is done
 * (waited for 2 s at most), or `null` while the frame still holds another page (the companion's
 * `/pay`). `painted`: its first paint is waited for too (a page loaded out of sight before Pay
 * paints only once shown, after its load event).
 */
export async function hostedTimings(painted = false): Promise<HostedTimings | null> {
  if (!location.pathname.includes('/hosted/') || !document.getElementById('card')) return null;
  const until = performance.now() + 2_000;
  const navigation = () =>
    performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  const done = () =>
    (navigation()?.loadEventEnd ?? 0) > 0 &&
    (!painted || performance.getEntriesByName('first-contentful-paint').length > 0);
  while (!done() && performance.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 2));
  const marks = navigation();
  if (!marks) throw new Error('this engine records no Navigation Timing for the frame');
  const paint = performance.getEntriesByName('first-contentful-paint')[0];
  return {
    origin: performance.timeOrigin,
    response: marks.responseEnd,
    parsed: marks.domContentLoadedEventEnd,
    loaded: marks.loadEventEnd,
    painted: paint ? paint.startTime : NaN,
  };
}

/**
 * For a bare Pay, with no element (engine-figures.ts): a box in the page with a stand-in for the
 * form, and beside it a closed `<dialog>` laid out out of sight over that box (inert, invisible,
 * clipped) holding an empty frame, as the element lays out its page ahead
 * (widget/src/payment-page.styles.ts); or (`shown`) the empty frame in the page, visible. No
 * script of ours beyond these lines.
 */
export function bareFrame(shown: boolean): void {
  const box = document.createElement('div');
  box.style.cssText = 'position: relative; max-width: 30rem; margin: 1rem';
  const form = document.createElement('div');
  form.style.cssText = 'height: 20rem; border: 1px solid';
  form.textContent = 'Email';
  const dialog = document.createElement('dialog');
  const hidden = 'position: absolute; inset: 0; margin: 0; padding: 0; border: 0; display: block;';
  dialog.style.cssText = `${hidden} overflow: hidden; opacity: 0; pointer-events: none`;
  dialog.inert = true;
  const frame = document.createElement('iframe');
  frame.style.cssText = 'display: block; width: 100%; height: 35rem; border: 0';
  dialog.append(frame);
  if (shown) box.append(frame);
  else box.append(form, dialog);
  document.body.append(box);
}

/**
 * Posts `form` into the page's frame (`bareFrame`'s, its empty document loaded) and, unless the
 * frame is already shown, shows its dialog in the form's place in the same task, as Pay at the
 * session's answer does; answers when (`timeOrigin + now()`), just after the post.
 */
export function postAndShow(form: { action: string; inputs: Record<string, string> }): number {
  const frame = document.querySelector('iframe');
  const doc = frame?.contentDocument;
  if (!frame || !doc?.body) throw new Error('the empty frame is not there');
  const element = doc.createElement('form');
  [element.method, element.action] = ['post', form.action];
  for (const [name, value] of Object.entries(form.inputs)) {
    const input = element.appendChild(doc.createElement('input'));
    [input.type, input.name, input.value] = ['hidden', name, value];
  }
  doc.body.append(element);
  element.submit();
  const pressedAt = performance.timeOrigin + performance.now();
  const dialog = frame.closest('dialog');
  if (dialog) {
    dialog.previousElementSibling?.remove();
    dialog.inert = false;
    dialog.style.cssText = 'position: static; margin: 0; padding: 0; border: 0';
    dialog.show();
  }
  return pressedAt;
}
