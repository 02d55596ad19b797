/**
 * The outcome of an attempt: the companion is asked for the order's status until it settles, as
 * the service's notification may reach the companion after the shopper is back. The poll is
 * bounded, and stops when the element leaves the page (picked up again if it comes back, as when
 * it is moved).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { UNSETTLED } from './attempt-state.ts';
import { orderStatus } from './companion-client.ts';
import type { OrderStatusResponse } from './protocol.ts';
import type { PendingAttempt } from './saved-attempt.ts';
/** How often, and how many times more, to ask while the status is unsettled: about 5 s in all. */
const POLL_INTERVAL_MS = 500;
const POLL_RETRIES = 10;

/** What becomes of a confirmation. */
export interface StatusOutcome {
  /** The last status read, settled or not once the retries are spent. */
  settled(status: OrderStatusResponse, attempt: PendingAttempt): void;
  /** A request failed. */
  failed(error: unknown): void;
}

/** The element whose attempts are confirmed: only while it is in a document. */
export interface StatusHost extends ReactiveControllerHost {
  readonly isConnected: boolean;
}

export class StatusController implements ReactiveController {
  readonly #host: StatusHost;
  readonly #outcome: StatusOutcome;
  /** The attempt being confirmed, and the switch that stops its poll. */
  #current: { attempt: PendingAttempt; stop: AbortController } | undefined;
  /** An attempt whose poll the element's leaving stopped. */
  #interrupted: PendingAttempt | undefined;

  constructor(host: StatusHost, outcome: StatusOutcome) {
    this.#host = host;
    this.#outcome = outcome;
    host.addController(this);
  }

  hostConnected(): void {
    const attempt = this.#interrupted;
    this.#interrupted = undefined;
    if (attempt) void this.confirm(attempt);
  }

  hostDisconnected(): void {
    this.#interrupted = this.#current?.attempt;
    this.#current?.stop.abort();
    this.#current = undefined;
  }

  /**
   * Asks for `attempt`'s status until it settles, then reports it. A newer confirmation replaces
   * this one, and the element's leaving stops it (or keeps it from starting): then nothing is
   * reported until the element is back.
   */
  async confirm(attempt: PendingAttempt): Promise<void> {
    this.#current?.stop.abort();
    if (!this.#host.isConnected) {
      // Its payment's answer came after the element left: confirmed if it comes back.
      this.#current = undefined;
      this.#interrupted = attempt;
      return;
    }
    const current = { attempt, stop: new AbortController() };
    this.#current = current;
    const { signal } = current.stop;
    const read = () => orderStatus(attempt.companion, attempt.order_ref, attempt.status_token);
    try {
      let status = await read();
      for (let i = 0; i < POLL_RETRIES && UNSETTLED.includes(status.status); i++) {
        await pause(POLL_INTERVAL_MS, signal);
        if (signal.aborted) return;
        status = await read();
      }
      if (signal.aborted) return;
      this.#current = undefined;
      this.#outcome.settled(status, attempt);
    } catch (error) {
      if (signal.aborted) return;
      this.#current = undefined;
      this.#outcome.failed(error);
    }
  }
}

/**
 * Asks once for `attempt`'s status: the answer if the order has settled, else nothing (nor when
 * the request fails). For a payment the shopper may have finished on a page they then left.
 */
export async function settledStatus(
  attempt: PendingAttempt,
): Promise<OrderStatusResponse | undefined> {
  try {
    const status = await orderStatus(attempt.companion, attempt.order_ref, attempt.status_token);
    return UNSETTLED.includes(status.status) ? undefined : status;
  } catch {
    return undefined;
  }
}

/** Waits `ms`, or less if `signal` aborts meanwhile. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
