/**
 * The order's summary from the companion (GET `WIDGET_ROUTES.orderSummary`): its amount and
 * currency for Pay, a subscription's terms, the instalments offered and the ways to pay ranked
 * for the shopper. Asked for as the element connects and whenever the companion or the order
 * changes (a stale request is aborted), never without both. The browser decides nothing from
 * it: the companion prices every payment again.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { companionBase } from './saved-attempt.ts';
import { orderSummary } from './companion-client.ts';
import type { OrderSummaryResponse } from './protocol.ts';

/** What the summary depends on. */
export interface SummaryHost extends ReactiveControllerHost {
  readonly isConnected: boolean;
  companion: string;
  orderRef: string;
}

/** `mobile` on a touch screen or a narrow window: app-based methods rank higher there. */
function device(): 'mobile' | 'desktop' {
  return matchMedia('(pointer: coarse)').matches || innerWidth < 600 ? 'mobile' : 'desktop';
}

/** The shopper's country as far as the form knows it, and whether it matters (the ranking shown). */
export type CountryHint = () => { country: string | undefined; ranked: boolean };

export class SummaryController implements ReactiveController {
  /** The summary of the element's order, once here; none until then, or if it failed. */
  summary: OrderSummaryResponse | undefined;

  readonly #host: SummaryHost;
  readonly #country: CountryHint;
  /** The last request: for which companion, order and country, its abort, and its end. */
  #asked:
    | { order: string; country: string | undefined; abort: AbortController; done?: Promise<void> }
    | undefined;

  constructor(host: SummaryHost, country: CountryHint) {
    this.#host = host;
    this.#country = country;
    host.addController(this);
  }

  hostConnected(): void {
    // Back on the page: what changed while it was away (its order, its companion) is asked for.
    this.#host.requestUpdate();
  }

  hostDisconnected(): void {
    this.#asked?.abort.abort();
    if (!this.summary) this.#asked = undefined;
  }

  /**
   * Before each render: a new companion or order asks anew (and forgets the last order's
   * summary); a new country too when the methods' ranking is shown, keeping the summary shown
   * until the new one comes. The request before is aborted: its answer would be stale.
   */
  hostUpdate(): void {
    // A detached element still updates; it asks when it is back (hostConnected).
    if (!this.#host.isConnected) return;
    const { companion, orderRef } = this.#host;
    const base = companionBase(companion);
    const order = companion && orderRef ? `${base} ${orderRef}` : '';
    const { country, ranked } = this.#country();
    const asked = this.#asked;
    if (asked?.order === order && (asked.country === country || !ranked)) return;
    if (asked?.order !== order) this.summary = undefined;
    asked?.abort.abort();
    const abort = new AbortController();
    const stale = () => abort.signal.aborted;
    const done = order
      ? orderSummary(base, orderRef, { country, device: device() }, abort.signal)
          // Without it, Pay says just "Pay": the payment itself does not need the summary.
          .then(
            (summary) => void (stale() || (this.summary = summary)),
            () => undefined,
          )
          .then(() => void (stale() || this.#host.requestUpdate()))
      : undefined;
    this.#asked = { order, country, abort, ...(done ? { done } : {}) };
  }

  /** Resolves once the summary asked for has come, or failed; false when none was asked for. */
  async arrived(): Promise<boolean> {
    const done = this.#asked?.done;
    if (!done) return false;
    await done;
    return true;
  }
}
