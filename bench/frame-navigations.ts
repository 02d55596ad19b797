/**
 * The ways the hosted payment page reaches the storefront's frame, each timed as the points of
 * one navigation (engine-figures.ts runs them load by load): Pay pressed the moment the prepared
 * session answers, Pay on a page loaded before it, the floor (the hosted page framed directly),
 * and a bare Pay (the service's form posted and shown by a page with no element). Timed inside
 * the browser by its own clocks; the driver only starts things and reads the marks afterwards.
 */
import { type GatewayClient, readCheckoutForm } from 'acquiring-checkout-server/gateway';
import type { Tab } from '../scripts/tab/tab.ts';
import {
  bareFrame,
  countFrameLoads,
  frameDocument,
  frameLoadSince,
  frameLoadsAfter,
  formPosted,
  hostedTimings,
  insertAndTime,
  insertFrame,
  payOnceSessionAnswered,
  postAndShow,
  pressPay,
  SHOPPER_TO_PAY_MS,
} from './in-page.ts';

/** Where one navigation to the hosted page spent its time: ms after the press or the insertion. */
export interface Points {
  /** The frame's first document after the press is asked for: the floor's hosted page; for Pay, none (the empty frame was there before), or `/pay` when Pay went the way without it. */
  frame_request: number;
  /** Its answer has arrived. */
  frame_response: number;
  /** The element posts the session's form into its empty frame (before Pay: negative). */
  form_posted: number;
  /** The hosted page's navigation starts: for Pay, the element has posted the service's form. */
  hosted_request: number;
  /** The hosted page's answer has arrived (its redirect included). */
  hosted_response: number;
  /** It is parsed: the card field is in the document. */
  parsed: number;
  /** Its load event is done: its stylesheet in. The budgeted figures' end. */
  loaded: number;
  /** Its first contentful paint (NaN where the engine records none). */
  painted: number;
  /** The frame's load event as the storefront's document saw it, on the storefront's clock alone. */
  frame_load_event: number;
}

/**
 * Waits in the storefront's page for its frame's load events, and after each asks the frame's
 * document whether it is the hosted page; then reads its marks, in ms after `startedAt`
 * (`painted`: once its first paint is there too).
 */
async function hostedPageLoaded(tab: Tab, startedAt: number, painted = false): Promise<Points> {
  for (let seen = 0; seen < 5;) {
    seen = await tab.evaluate(frameLoadsAfter, seen);
    // The empty frame's load comes first; its document may be leaving for the service's page
    // (its form posted) while it is asked: the next load is that page's.
    const hosted = await tab.evaluateInFrame(hostedTimings, painted).catch(() => null);
    if (!hosted) continue;
    // A mark the engine does not keep crosses the driver as null.
    const at = (mark: number | null) => (mark === null ? NaN : hosted.origin + mark - startedAt);
    const loadEvent = await tab.evaluate(frameLoadSince, hosted.origin + hosted.response);
    const first = await tab.evaluate(frameDocument, startedAt);
    const posted = await tab.evaluate(formPosted);
    return {
      frame_request: Number(first.request ?? NaN) - startedAt,
      frame_response: Number(first.response ?? NaN) - startedAt,
      form_posted: Number(posted ?? NaN) - startedAt,
      hosted_request: at(0),
      hosted_response: at(hosted.response),
      parsed: at(hosted.parsed),
      loaded: at(hosted.loaded),
      painted: at(hosted.painted),
      frame_load_event: Number(loadEvent ?? NaN) - startedAt,
    };
  }
  throw new Error('the hosted page did not load in the frame');
}

/** A fresh page with a new order's element, its form filled, its frame's loads counted. */
async function formFilled(
  tab: Tab,
  origin: string,
  attributes: Record<string, string>,
): Promise<void> {
  await tab.goto(origin);
  await tab.evaluate(insertAndTime, { ...attributes, fields: 'email' });
  await tab.evaluate(countFrameLoads);
  await tab.fill('element', { label: 'Email' }, 'ada@example.com');
}

/** Pay → the hosted page loaded in the frame, on a fresh page with a new order's form filled. */
export async function clickToFrame(
  tab: Tab,
  origin: string,
  attributes: Record<string, string>,
): Promise<Points> {
  await formFilled(tab, origin, attributes);
  return hostedPageLoaded(tab, await tab.evaluate(payOnceSessionAnswered, SHOPPER_TO_PAY_MS));
}

/**
 * Pay → the hosted page painted when it was loaded before Pay: the form filled, the element's
 * frame waited for until it has loaded out of sight (the empty frame, then the service's
 * page its form posted: widget/src/page-ahead.ts), then Pay. Its points before Pay are negative; `painted` is the
 * first paint of a page that was never on screen before Pay.
 */
export async function preparedPageToFrame(
  tab: Tab,
  origin: string,
  attributes: Record<string, string>,
): Promise<Points> {
  await formFilled(tab, origin, attributes);
  // Two loads: the empty frame, then the service's page the element posted into it.
  if ((await tab.evaluate(frameLoadsAfter, 1)) < 2)
    throw new Error('the payment page was not loaded before Pay');
  return hostedPageLoaded(tab, await tab.evaluate(pressPay), true);
}

/** The service's form that opens the hosted page of a checkout of order `orderNo` made now. */
async function checkoutForm(gateway: GatewayClient, origin: string, orderNo: string) {
  const checkout = await gateway.checkout({
    order_no: orderNo,
    currency: 'USD',
    amount: '12.00',
    return_url: `${origin}/`,
  });
  const form = readCheckoutForm(checkout.html);
  const token = form?.inputs.session_token;
  if (!form || !token) throw new Error('the sandbox answered a checkout page without its token');
  return { action: form.action, inputs: form.inputs, token };
}

/**
 * The address of the service's hosted page for a checkout of order `orderNo` made now: what the
 * sandbox's form posts its session token to redirects there. The floor of Pay → payment page.
 */
export async function hostedPageUrl(
  gateway: GatewayClient,
  origin: string,
  orderNo: string,
): Promise<string> {
  const { action, token } = await checkoutForm(gateway, origin, orderNo);
  return `${new URL(action).origin}/hosted/${encodeURIComponent(token)}`;
}

/**
 * The floor: the service's hosted page, of a checkout made beforehand, put in a frame of the same
 * storefront page directly (no companion, no session, no form to post), measured as the click is.
 */
export async function hostedPageInFrame(
  tab: Tab,
  origin: string,
  gateway: GatewayClient,
  load: string,
): Promise<Points> {
  const hosted = await hostedPageUrl(gateway, origin, `floor-${process.pid}-${load}`);
  await tab.goto(origin);
  await tab.evaluate(countFrameLoads);
  return hostedPageLoaded(tab, await tab.evaluate(insertFrame, hosted));
}

/**
 * A bare Pay: the service's form for a checkout made beforehand posted into an empty frame of a
 * page with no element (in-page.ts `bareFrame`), laid out out of sight in a closed dialog shown in
 * the same task, or (`shown`) already visible; measured as the click is.
 */
export async function formPostedInFrame(
  tab: Tab,
  origin: string,
  gateway: GatewayClient,
  orderNo: string,
  shown: boolean,
): Promise<Points> {
  const form = await checkoutForm(gateway, origin, orderNo);
  await tab.goto(origin);
  await tab.evaluate(countFrameLoads);
  await tab.evaluate(bareFrame, shown);
  // The empty frame's load: its document is there to post from.
  await tab.evaluate(frameLoadsAfter, 0);
  return hostedPageLoaded(tab, await tab.evaluate(postAndShow, form));
}
