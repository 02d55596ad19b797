/**
 * One hosted-checkout payment made over plain HTTP, as the widget and the shopper's browser make
 * it, without a browser: the widget's session request from the storefront's origin, the
 * companion's one-time page (its form posted where it points, as the page's script does), the
 * sandbox's card form paid with a test card, the way back to the companion's return page, then the
 * order's status asked with its status token until the companion has it settled. For whatever
 * pays through a companion it did not start: the companion's image in CI (scripts/images/) and the
 * bin with a resolver in another language (test/server/companion/resolvers.test.ts).
 */

/** The client secret a widget holds for an order: the same for every call on that order. */
export function clientSecret(orderRef: string): string {
  return `secret-${orderRef.replace(/[^A-Za-z0-9-]/g, '-')}`.padEnd(32, '0');
}

/** A widget request body for an order reference, with a shopper and their device. */
export function sessionBody(orderRef: string, extra: Record<string, unknown> = {}) {
  return {
    order_ref: orderRef,
    attempt_key: `attempt-${orderRef.replace(/[^A-Za-z0-9-]/g, '-')}`,
    client_secret: clientSecret(orderRef),
    shopper: {
      email: 'ada@example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      billing: {
        country: 'GB',
        city: 'London',
        address: '12 St James Sq',
        postal_code: 'SW1Y 4JH',
      },
    },
    device: {
      os: 'Linux',
      browser: 'Mozilla/5.0',
      browser_lang: 'en-GB',
      time_zone: 'Europe/London',
      resolution: '1280x720',
      color_depth: '24',
      checkout_time: 1_790_000_000,
      session_id: 'sess-1',
    },
    ...extra,
  };
}

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'" };
const unescape = (text: string) =>
  text.replace(/&(amp|quot|lt|gt|#39);/g, (_, e: string) => ENTITIES[e] ?? '');

const FORMS = /<form[^>]*action="([^"]*)"[\s\S]*?<\/form>/g;
const HIDDEN_FIELDS = /<input type="hidden" name="([^"]*)" value="([^"]*)">/g;

/**
 * The first form of the page at `url` whose action matches `action`: where it posts (resolved
 * against the page's address), and its hidden fields.
 */
function formOf(
  url: string,
  html: string,
  action: RegExp,
): { action: string; fields: URLSearchParams } {
  for (const [form = '', target = ''] of html.matchAll(FORMS)) {
    if (!action.test(unescape(target))) continue;
    const fields = new URLSearchParams();
    for (const [, name = '', value = ''] of form.matchAll(HIDDEN_FIELDS))
      fields.append(unescape(name), unescape(value));
    return { action: new URL(unescape(target), url).toString(), fields };
  }
  throw new Error(`no form posting to ${action} in:\n${html.slice(0, 2_000)}`);
}

/** `response`'s redirect, or a failure saying what came instead. */
function redirectOf(response: Response, what: string): string {
  const location = response.headers.get('location');
  if (response.status < 300 || response.status > 399 || !location)
    throw new Error(`${what} answered ${response.status}, not a redirect`);
  return new URL(location, response.url).toString();
}

async function expectOk(response: Response, what: string): Promise<string> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered ${response.status}: ${text.slice(0, 500)}`);
  return text;
}

export interface HttpPayment {
  /** The order's number at the service (`<order_ref>-<attempt>`). */
  order_no: string;
  /** What the companion says of the order once settled: `paid` when all went well. */
  status: string;
}

/**
 * Pays `orderRef` at the companion at `companion` (its public address) from the storefront
 * `origin` (one of its ALLOWED_ORIGINS) with `card`, and waits up to `timeoutMs` for the
 * companion to settle it (the service's notification, or the return page's status check).
 */
export async function payOverHttp(
  companion: string,
  origin: string,
  orderRef: string,
  { card = '4111111111111111', timeoutMs = 30_000 } = {},
): Promise<HttpPayment> {
  const started = await fetch(`${companion}/api/checkout-sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify(sessionBody(orderRef)),
  });
  const session = JSON.parse(await expectOk(started, 'the session request')) as {
    order_no: string;
    status_token: string;
    frame_url: string;
  };
  // The companion's page, whose script posts its form to the service's hosted page.
  const page = await expectOk(await fetch(session.frame_url), 'the one-time page');
  const toService = formOf(session.frame_url, page, /\/hosted\/checkout$/);
  // The service answers the post with its card form.
  const posted = await fetch(toService.action, { method: 'POST', body: toService.fields });
  const cardForm = formOf(posted.url, await expectOk(posted, 'the card form'), /\/pay$/);
  const paid = await fetch(cardForm.action, {
    method: 'POST',
    body: new URLSearchParams({ card, expiry: '12/30', security_code: '123', name: 'Ada' }),
    redirect: 'manual',
  });
  await expectOk(await fetch(redirectOf(paid, 'paying on the card form')), 'the return page');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await fetch(`${companion}/api/orders/${encodeURIComponent(orderRef)}`, {
      headers: { origin, authorization: `Bearer ${session.status_token}` },
    });
    const { status } = JSON.parse(await expectOk(answer, 'the status request')) as {
      status: string;
    };
    if (status !== 'pending' && status !== 'unknown') return { order_no: session.order_no, status };
    if (Date.now() > deadline) throw new Error(`${orderRef} still ${status} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
