/**
 * The hosted page's frame: which messages to believe, and what survives a redirect. A message is
 * accepted only from the companion's origin, from our own frame, of our type and our order.
 */
import { RETURN_MESSAGE_TYPE, type ReturnMessage } from './protocol.ts';

export function isReturnMessage(
  event: MessageEvent,
  companionOrigin: string,
  frame: Window | null | undefined,
  orderRef: string,
): boolean {
  if (event.origin !== companionOrigin || !frame || event.source !== frame) return false;
  const data = event.data as Partial<ReturnMessage> | null;
  return (
    typeof data === 'object' &&
    data !== null &&
    data.type === RETURN_MESSAGE_TYPE &&
    data.order_ref === orderRef
  );
}

/** What the element keeps across a redirect, so it can resume on the return page. */
export interface PendingAttempt {
  order_ref: string;
  order_no: string;
  status_token: string;
  companion: string;
}

const KEY = 'acquiring-checkout:attempt';

export function savePending(attempt: PendingAttempt): void {
  sessionStorage.setItem(KEY, JSON.stringify(attempt));
}

/** The attempt saved before a redirect, when this page is its return (`acquiring_order_ref`). */
export function takePending(): PendingAttempt | undefined {
  const ref = new URLSearchParams(location.search).get('acquiring_order_ref');
  const saved = sessionStorage.getItem(KEY);
  if (!ref || !saved) return undefined;
  const attempt = JSON.parse(saved) as PendingAttempt;
  if (attempt.order_ref !== ref) return undefined;
  sessionStorage.removeItem(KEY);
  return attempt;
}

/** Only an http(s) address is ever navigated to. */
export function isHttpUrl(url: string): boolean {
  try {
    return /^https?:$/.test(new URL(url).protocol);
  } catch {
    return false;
  }
}
