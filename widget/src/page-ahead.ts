/**
 * The payment page loaded before Pay, out of sight, so that Pay shows a page already painted.
 * Once the checkout session Pay would start is prepared (prepare.ts), its page's one-time address
 * with `?prepared=1` loads into the frame of the payment page's `<dialog>` while that dialog is
 * closed: not rendered, so nothing is announced, nothing takes the focus and the page around
 * stays as it is. The companion serves such a page once and leaves its attempt replaceable
 * (server/companion/http/routes/pages.ts): nobody sees it, nobody can pay on it. At Pay, when Pay
 * takes that session, the same frame is shown (frame-controller.ts: nothing moves, so nothing
 * loads again) and the widget tells the companion the page is opened; a 410 there (the attempt
 * was replaced or expired meanwhile) means a fresh page.
 *
 * A change to the form discards the page (the frame goes, and the session with it: its address
 * is used); the next session prepared loads a new one. Nothing loads while the shopper types:
 * only a prepared session's page. In the schema part (pay-part.ts), beside the preparer.
 */
import { frameMessage, isHttpUrl } from './frame.ts';
import type { SessionResponse } from './protocol.ts';
import type { RouteUrl } from './routes.ts';
import { companionBase } from './saved-attempt.ts';

/** What the page needs of the element: where its frame is rendered, and its companion. */
export interface PageHost {
  readonly renderRoot: HTMLElement | DocumentFragment;
  readonly companion: string;
  requestUpdate(): void;
}

/** The frame's address for a page loaded out of sight (frame-controller.ts renders it, closed). */
export interface AheadSlot {
  ahead: string | undefined;
}

/** The page loaded ahead, as Pay shows it. */
export interface ShownPage {
  /** The frame's address: the one it loaded, so the frame keeps its document. */
  url: string;
  /**
   * The service's page has loaded. The frame's one load event is that page's: the companion's
   * `/pay` page posts its form while it is parsed, and a navigation aborts the document it
   * leaves (HTML's navigate), so that page fires none in Chromium and Firefox. WebKit may fire
   * it before the service's page commits (test/e2e/engines/page-ahead.ts): then the page is
   * shown without the progress line a moment before the service's page paints. A page that
   * tells of a refused frame is never shown.
   */
  painted: boolean;
  /** The companion was told the page is shown: false when it answered 410 (replaced, expired). */
  opened: Promise<boolean>;
}

export class PageAhead {
  /** The session whose page is loading or loaded out of sight. */
  #session: SessionResponse | undefined;
  /** The frame has loaded since its page was set: the service's page is in it (`painted`). */
  #loaded = false;
  /** The companion's page said the service's page refuses this frame. */
  #refused = false;
  /** Resolves at the frame's load: the companion has served the page (and the service its own). */
  #served: Promise<void> = Promise.resolve();
  #onServed: () => void = () => undefined;

  constructor(
    private readonly host: PageHost,
    private readonly frame: AheadSlot,
  ) {
    // Capturing: a frame's load event does not bubble. The element renders one frame.
    host.renderRoot.addEventListener('load', this.#onLoad, true);
  }

  /** Whether the page loaded ahead was refused its frame: Pay takes a fresh page instead. */
  get refused(): boolean {
    return this.#refused;
  }

  /** Loads `session`'s page out of sight, in place of any page loaded before. */
  load(session: SessionResponse): void {
    this.discard();
    if (!session.frame_url || !isHttpUrl(session.frame_url)) return;
    const url = new URL(session.frame_url);
    url.searchParams.set('prepared', '1');
    this.#session = session;
    this.#served = new Promise((resolve) => (this.#onServed = resolve));
    addEventListener('message', this.#onMessage);
    this.#set(url.href);
  }

  /** Takes the page away (the form changed, the element left): the frame goes with it. */
  discard(): void {
    this.#forget();
    if (this.frame.ahead) this.#set(undefined);
  }

  /**
   * At Pay, for the session Pay took: the page loaded for it, which the frame then shows, or
   * undefined (and any other page is discarded). The companion is told once it has served the page.
   */
  shown(session: SessionResponse): ShownPage | undefined {
    const url = this.frame.ahead;
    const mine = session === this.#session && url !== undefined && !this.#refused;
    const [painted, served] = [this.#loaded, this.#served];
    if (!mine || !url) {
      this.discard();
      return undefined;
    }
    this.#forget();
    const token = new URL(url).pathname.split('/').pop() ?? '';
    const opened: RouteUrl<'pageOpened'> = `${companionBase(this.host.companion)}/api/pages/${token}/opened`;
    return {
      url,
      painted,
      // Anything but a 410 leaves the page as it is: the shopper may go on paying on it.
      opened: served.then(() =>
        fetch(opened, { method: 'POST' }).then(
          (answer) => answer.status !== 410,
          () => true,
        ),
      ),
    };
  }

  #forget(): void {
    removeEventListener('message', this.#onMessage);
    this.#session = undefined;
    this.#loaded = this.#refused = false;
  }

  #set(url: string | undefined): void {
    this.frame.ahead = url;
    this.host.requestUpdate();
  }

  #onLoad = (event: Event): void => {
    if ((event.target as Element).localName !== 'iframe') return;
    this.#loaded = true;
    this.#onServed();
  };

  #onMessage = (event: MessageEvent): void => {
    const session = this.#session;
    const frame = this.host.renderRoot.querySelector('iframe')?.contentWindow;
    const origin = new URL(this.host.companion).origin;
    if (session && frameMessage(event, origin, frame, session.order_ref) === 'framing-refused')
      this.#refused = true;
  };
}
