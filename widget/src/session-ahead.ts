/**
 * The checkout session Pay would start, started ahead while the form is valid and Pay would
 * start one: a session charges nobody, and Pay then waits only for the payment page, which loads
 * out of sight once the session is there (page-ahead.ts). The work is the schema part's
 * (prepare.ts): nothing is prepared until that part is here.
 */
import type { Card, Mode, RequestHost } from './attempt-request.ts';
import type { Attempt, AttemptEvent } from './attempt-state.ts';
import { startPayment } from './companion-client.ts';
import type { AheadSlot, PageAhead, PageHost } from './page-ahead.ts';
import type { SessionPreparer } from './prepare.ts';
import type { SessionResponse } from './protocol.ts';
import { companionBase, type SavedAttempt } from './saved-attempt.ts';

/** The schema part (pay-part.ts): the request Pay sends, and the session prepared before Pay. */
type SchemaPart = typeof import('./pay-part.ts');
type Host = RequestHost & PageHost & { readonly isConnected: boolean };

export class SessionAhead {
  readonly #host: Host;
  /** One move of the attempt (its `key` and `prepare` moves are not rendered). */
  readonly #to: (event: AttemptEvent) => Attempt;
  /** Whether Pay may start an attempt. */
  readonly #canPay: () => boolean;
  /** Where the prepared session's page is rendered out of sight: the payment page's frame. */
  readonly #frame: AheadSlot;
  #preparer: SessionPreparer | undefined;
  /** The page loaded before Pay (one per element: it listens to the element's frame). */
  #page: PageAhead | undefined;

  // Positional and private: the script-tag file's minifier shortens private names only.
  constructor(
    host: Host,
    to: (event: AttemptEvent) => Attempt,
    canPay: () => boolean,
    frame: AheadSlot,
  ) {
    this.#host = host;
    this.#to = to;
    this.#canPay = canPay;
    this.#frame = frame;
  }

  /**
   * The element updated: while its form is `valid` and Pay would start a checkout session, that
   * session is started ahead (once the request has stayed the same for a moment, prepare.ts).
   */
  update(valid: boolean, part: SchemaPart | undefined): void {
    const [host, to, canPay] = [this.#host, this.#to, this.#canPay];
    const preparer = (this.#preparer ??=
      part &&
      new part.SessionPreparer(
        (body) => startPayment(companionBase(host.companion), '/checkout-sessions', body),
        undefined,
        (phase) => to({ on: 'prepare', phase }),
        (this.#page ??= new part.PageAhead(host, this.#frame)),
      ));
    if (!preparer) return;
    // Paying: what is prepared (the page too) stays for Pay to take.
    if (!canPay()) return preparer.cancel();
    // A detached element still updates (a part or a text arriving): it prepares nothing, or its
    // session could replace the one an element on the shopper's next page prepared.
    const wanted = valid && host._choice().mode === 'checkout';
    if (!wanted || !host.isConnected) return preparer.cancel(true);
    const { key = '' } = to({ on: 'key', key: crypto.randomUUID() });
    // Pay may have been pressed while the request was being put together: it starts its own.
    void part
      ?.checkoutRequest(host, key)
      .then((body) => canPay() && host.isConnected && preparer.prepare(body));
  }

  /**
   * What Pay's request may take the prepared session with. A continued attempt never takes it;
   * anything but a checkout session replaces it at the companion, so it is dropped.
   */
  taker(mode: Mode, card: Card | undefined, saved: SavedAttempt | undefined) {
    const preparer = saved ? undefined : this.#preparer;
    if (mode !== 'checkout' || card) this.drop();
    return preparer && preparer.take.bind(preparer);
  }

  /**
   * At the press (page-ahead.ts): a page posted and still loading is shown at once, and Pay waits
   * for it; false for a page already loaded, nothing to wait for; undefined for none.
   */
  early() {
    return this.#page?.early();
  }

  /** At Pay: the page loaded before Pay for `session`, which the frame shows as it is. */
  shown(session: SessionResponse) {
    return this.#page?.shown(session);
  }

  /** Stops preparing (the element left the page); the preparer stays for the next update. */
  cancel(): void {
    this.#preparer?.cancel(true);
  }

  /** Stops and forgets: its session was for the order and companion that were. */
  drop(): void {
    this.cancel();
    this.#preparer = undefined;
  }
}
