/**
 * How the playground comes in as the page starts: its first render a part at a time, a task each,
 * so that none holds the page up for long; and the preview's coming near the window, since the
 * element is made only then (on a phone the preview is far below the controls, and the element's
 * start, its parts and its calls to the companion, is most of the page's work).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class StagesController implements ReactiveController {
  /** How many parts of the first render are in. */
  stage = 0;
  /** Whether the preview is in or near the window. */
  near = false;
  readonly #host: ReactiveControllerHost;
  readonly #last: number;
  #pending = false;
  #watch: IntersectionObserver | undefined;

  /** `last`: the number of parts, each shown a task after the one before. */
  constructor(host: ReactiveControllerHost, last: number) {
    this.#host = host;
    this.#last = last;
    host.addController(this);
  }

  hostUpdated(): void {
    if (this.stage >= this.#last || this.#pending) return;
    this.#pending = true;
    setTimeout(() => {
      this.#pending = false;
      this.stage += 1;
      this.#host.requestUpdate();
    });
  }

  hostDisconnected(): void {
    this.#watch?.disconnect();
    this.#watch = undefined;
  }

  /** Watches `preview` (once it is rendered), 600 px ahead: the element is made before it shows. */
  watch(preview: Element | null): void {
    if (!preview || this.#watch || this.near) return;
    this.#watch = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        this.near = true;
        this.#watch?.disconnect();
        this.#host.requestUpdate();
      },
      { rootMargin: '600px 0px' },
    );
    this.#watch.observe(preview);
  }
}
