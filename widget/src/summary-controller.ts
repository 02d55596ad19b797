/**
 * The order's summary from the companion (GET /api/order-summaries/:order_ref): its amount and
 * currency for Pay, a subscription's terms, the instalments offered and the ways to pay ranked
 * for the shopper. Asked for as the element connects and whenever the companion or the order
 * changes (a stale request is aborted), never without both. The browser decides nothing from
 * it: the companion prices every payment again.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { companionBase } from './attempt-request.ts';
import { orderSummary } from './companion-client.ts';
import type { OrderSummaryResponse } from './protocol.ts';

/** What the summary depends on. */
export interface SummaryHost extends ReactiveControllerHost {
  companion: string;
  orderRef: string;
}

/** `mobile` on a touch screen or a narrow window: app-based methods rank higher there. */
function device(): 'mobile' | 'desktop' {
  return matchMedia('(pointer: coarse)').matches || innerWidth < 600 ? 'mobile' : 'desktop';
}

export class SummaryController implements ReactiveController {
  /** The summary of the element's order, once here; none until then, or if it failed. */
  summary: OrderSummaryResponse | undefined;

  readonly #host: SummaryHost;
  /** The shopper's country as far as the form knows, for the ranking; and whether it matters. */
  readonly #country: () => { country: string | undefined; ranked: boolean };
  /** The companion, order and country the summary was asked for. */
  #asked: { order: string; country: string | undefined } | undefined;
  #abort: AbortController | undefined;
  #pending: Promise<void> | undefined;

  constructor(host: SummaryHost, country: () => { country: string | undefined; ranked: boolean }) {
    this.#host = host;
    this.#country = country;
    host.addController(this);
  }

  hostConnected(): void {
    if (!this.#asked) this.#host.requestUpdate(); // back on the page without it: ask again
  }

  hostDisconnected(): void {
    this.#abort?.abort();
    // Asked again on the way back if it never came.
    if (!this.summary) this.#asked = undefined;
  }

  /**
   * Before each render: a new companion or order asks anew (and forgets the last order's
   * summary); a new country too when the methods' ranking is shown, keeping the summary shown
   * until the new one comes.
   */
  hostUpdate(): void {
    const { companion, orderRef } = this.#host;
    const order = companion && orderRef ? `${companionBase(companion)} ${orderRef}` : '';
    const { country, ranked } = this.#country();
    const asked = this.#asked;
    if (asked?.order === order && (asked.country === country || !ranked)) return;
    if (asked?.order !== order) this.summary = undefined;
    this.#asked = { order, country };
    this.#abort?.abort();
    this.#abort = undefined;
    this.#pending = order ? this.#fetch(country) : undefined;
  }

  /** Resolves once the summary asked for has come, or failed; false when none was asked for. */
  async arrived(): Promise<boolean> {
    if (!this.#pending) return false;
    await this.#pending;
    return true;
  }

  async #fetch(country: string | undefined): Promise<void> {
    const abort = (this.#abort = new AbortController());
    const { companion, orderRef } = this.#host;
    try {
      const hints = { country, device: device() };
      const summary = await orderSummary(companionBase(companion), orderRef, hints, abort.signal);
      if (abort.signal.aborted) return;
      this.summary = summary;
    } catch {
      // Pay says just "Pay"; the payment itself does not need the summary.
    }
    if (!abort.signal.aborted) this.#host.requestUpdate();
  }
}
