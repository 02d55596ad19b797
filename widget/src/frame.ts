/**
 * The hosted page's frame: which messages to believe, and the client secret that survives a reload
 * or a redirect. A message is accepted only from the companion's origin, from our own frame, of
 * our type and our order.
 */
import {
  FRAMING_REFUSED_MESSAGE_TYPE,
  RETURN_MESSAGE_TYPE,
  type ReturnMessage,
} from './protocol.ts';

/** What a believed message says: the shopper is back (`return`), or the page refused the frame. */
export function frameMessage(
  event: MessageEvent,
  companionOrigin: string,
  frame: Window | null | undefined,
  orderRef: string,
): 'return' | 'framing-refused' | undefined {
  if (event.origin !== companionOrigin || !frame || event.source !== frame) return undefined;
  const data = event.data as Partial<ReturnMessage> | null;
  if (typeof data !== 'object' || data === null || data.order_ref !== orderRef) return undefined;
  if (data.type === RETURN_MESSAGE_TYPE) return 'return';
  if (data.type === FRAMING_REFUSED_MESSAGE_TYPE) return 'framing-refused';
  return undefined;
}

const SECRET_KEY = 'acquiring-checkout:client-secret:';

/**
 * The client secret of `orderRef` in this tab, made on first use (see the contract). Kept in
 * sessionStorage so a reload or a redirect's return still owns the order; memory when storage is
 * unavailable.
 */
export function clientSecretOf(orderRef: string): string {
  const key = SECRET_KEY + orderRef;
  let stored = secrets.get(key) ?? null;
  try {
    stored ??= sessionStorage.getItem(key);
  } catch {
    // Storage refused (some private modes): the secret lives as long as the page.
  }
  if (stored) return stored;
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const secret = btoa(String.fromCharCode(...bytes)).replace(
    /[+/=]/g,
    (c) => ({ '+': '-', '/': '_', '=': '' })[c] ?? '',
  );
  secrets.set(key, secret);
  try {
    sessionStorage.setItem(key, secret);
  } catch {
    // As above: this page's memory keeps it.
  }
  return secret;
}
const secrets = new Map<string, string>();

/** Only an http(s) address is ever navigated to. */
export function isHttpUrl(url: string): boolean {
  try {
    return /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}
