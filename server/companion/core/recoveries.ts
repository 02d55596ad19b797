/**
 * Recoveries of interrupted attempts (a query to the service, reconcile.ts), run beside the
 * requests that need them, so that no request about an order waits on the service longer than
 * its budget: a request starts the order's recovery (or joins the one under way: one query per
 * order at a time), waits for it until its deadline, and past that answers "try again in a
 * moment" while the query goes on. The next request finds it done.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Settlement } from '../attempt-machine/index.ts';

/**
 * How long a request about an order may wait for another's work on it (an attempt being created
 * or recovered) before it answers with when to try again: well inside the second it must answer
 * within, the rest being its own reads and writes.
 */
export const WAIT_BUDGET_MS = 250;

export class Recoveries {
  readonly #running = new Map<string, Promise<Settlement>>();

  constructor(private readonly failed: (error: unknown) => void) {}

  /**
   * The recovery of order `orderRef` (`start`, unless one is under way), waited for until
   * `deadline`: its settlement, or undefined if it is still running then.
   */
  async within(
    orderRef: string,
    start: () => Promise<Settlement>,
    deadline: number,
  ): Promise<Settlement | undefined> {
    let running = this.#running.get(orderRef);
    if (!running) {
      const started = start()
        .catch((error: unknown): Settlement => {
          this.failed(error);
          return 'query-failed';
        })
        .finally(() => this.#running.delete(orderRef));
      this.#running.set(orderRef, started);
      running = started;
    }
    // The wait is cut short once the recovery ends (its abort is handled by the race).
    const waiting = new AbortController();
    const late = sleep(Math.max(0, deadline - Date.now()), undefined, { signal: waiting.signal });
    try {
      return await Promise.race([running, late]);
    } finally {
      waiting.abort();
    }
  }

  /** Resolves once every recovery under way has ended (the companion is closing). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#running.values()]);
  }
}
