/**
 * The element's events: kebab-case, one `acquiring-` prefix, `bubbles` and `composed` so they
 * cross shadow roots, each a small typed class with a GlobalEventHandlersEventMap entry.
 */
import type { OrderStatus } from './protocol.ts';

const init = { bubbles: true, composed: true } as const;

/** The form is on screen and can be used. */
export class CheckoutReadyEvent extends Event {
  static readonly type = 'acquiring-ready';
  constructor() {
    super(CheckoutReadyEvent.type, init);
  }
}

/** The shopper changed a field; `valid` says whether the form could be paid now. */
export class CheckoutChangeEvent extends Event {
  static readonly type = 'acquiring-change';
  constructor(readonly detail: { valid: boolean }) {
    super(CheckoutChangeEvent.type, init);
  }
}

/** Pay was pressed on a valid form; the attempt starts. */
export class CheckoutSubmitEvent extends Event {
  static readonly type = 'acquiring-submit';
  constructor(readonly detail: { order_ref: string; attempt_key: string }) {
    super(CheckoutSubmitEvent.type, init);
  }
}

/** The hosted payment page's frame is on screen. */
export class CheckoutFrameMountedEvent extends Event {
  static readonly type = 'acquiring-frame-mounted';
  constructor(readonly detail: { order_no: string }) {
    super(CheckoutFrameMountedEvent.type, init);
  }
}

/** The shopper is being sent to another page (APM issuer, or the fallback to a redirect). */
export class CheckoutRedirectEvent extends Event {
  static readonly type = 'acquiring-redirect';
  constructor(readonly detail: { url: string; reason: 'apm' | 'frame-fallback' }) {
    super(CheckoutRedirectEvent.type, init);
  }
}

/**
 * The payment ended, as the companion's order record says. `resumed` is there, `true`, when the
 * attempt was started before this page loaded (a reload, or the return from a redirect).
 */
export class CheckoutResultEvent extends Event {
  static readonly type = 'acquiring-result';
  constructor(
    readonly detail: {
      order_no: string;
      transaction_id: string | null;
      status: OrderStatus;
      resumed?: true;
    },
  ) {
    super(CheckoutResultEvent.type, init);
  }
}

/** The attempt failed before a result: `retryable` says the shopper may try again. */
export class CheckoutFailureEvent extends Event {
  static readonly type = 'acquiring-failure';
  constructor(readonly detail: { code: string; message: string; retryable: boolean }) {
    super(CheckoutFailureEvent.type, init);
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'acquiring-ready': CheckoutReadyEvent;
    'acquiring-change': CheckoutChangeEvent;
    'acquiring-submit': CheckoutSubmitEvent;
    'acquiring-frame-mounted': CheckoutFrameMountedEvent;
    'acquiring-redirect': CheckoutRedirectEvent;
    'acquiring-result': CheckoutResultEvent;
    'acquiring-failure': CheckoutFailureEvent;
  }
}
