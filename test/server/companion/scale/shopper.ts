/**
 * What a shopper's widget and browser send to whichever companion instance the load balancer
 * picks, and a way to wait for a condition with a deadline instead of a sleep.
 */
import { randomBytes } from 'node:crypto';
import { sessionBody, SHOP } from '../../helpers/companion.ts';

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/**
 * A client of its own, as a proxy in front names it in X-Forwarded-For: a documentation address
 * (RFC 3849), random within its /56, the unit IPv6 clients are counted in. What a run within the
 * last minute left in Redis belongs to other clients.
 */
export function newClient(): Record<string, string> {
  const hex = randomBytes(3).toString('hex');
  return { 'x-forwarded-for': `2001:db8:${hex.slice(0, 4)}:${hex.slice(4)}00::1` };
}

/** Calls a widget route; a request to a process that is gone ends as status 0. */
async function widget(
  url: string,
  path: string,
  init: { body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${url}/api${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json', origin: SHOP, ...init.headers },
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  }).catch(() => undefined);
  if (!response) return { status: 0, headers: new Headers(), body: {} };
  const { status, headers } = response;
  const text = await response.text();
  try {
    return { status, headers, body: JSON.parse(text) as Record<string, unknown> };
  } catch {
    return { status, headers, body: { text } };
  }
}

/** Starts (or takes up again) the payment of `ref`, with the client secret its widget holds. */
export function startSession(
  url: string,
  ref: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return widget(url, '/checkout-sessions', { body: sessionBody(ref), headers });
}

/**
 * Whether the instance counts its rate limits in Redis now, as its `/readyz` says: until Redis
 * answers it (and while Redis is away), an instance counts them in its own memory.
 */
export async function countsInRedis(url: string): Promise<boolean> {
  const answer = await fetch(`${url}/readyz`);
  const body = (await answer.json()) as { checks?: { rate_limits?: string } };
  return body.checks?.rate_limits === 'shared in Redis';
}

/** The order's status, as the widget asks for it with its status token. */
export function orderStatus(url: string, ref: string, statusToken: string): Promise<Answer> {
  return widget(url, `/orders/${encodeURIComponent(ref)}`, {
    headers: { authorization: `Bearer ${statusToken}` },
  });
}

/** Opens a frame_url as the browser would, and reads the service page's session token. */
export async function openHosted(frameUrl: string): Promise<string> {
  const page = await (await fetch(frameUrl)).text();
  const token = /name="session_token" value="([^"]+)"/.exec(page)?.[1];
  if (!token) throw new Error(`no payment page at ${frameUrl}: ${page.slice(0, 200)}`);
  return token;
}

/** Pays on the service's hosted page with the success card; answers where the shopper is sent. */
export async function payOpened(sandboxUrl: string, sessionToken: string): Promise<URL> {
  const form = new URLSearchParams({
    card: '4111111111111111',
    expiry: '12/30',
    security_code: '123',
    name: 'Ada',
  });
  const paid = await fetch(`${sandboxUrl}/hosted/${sessionToken}/pay`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  const location = paid.headers.get('location');
  if (paid.status !== 303 || !location)
    throw new Error(`payment not taken: ${paid.status} ${await paid.text()}`);
  return new URL(location, sandboxUrl);
}
