/**
 * The payment page loaded before Pay, out of sight, so that Pay shows a page already painted, or
 * one already on its way. As the session Pay would start is being prepared (prepare.ts), the
 * companion's page frame (`PAGE_FRAME_PATH`: a page of its own that posts a form it is given)
 * loads in the frame of the payment page's `<dialog>` while that dialog is closed: not rendered,
 * so nothing is announced, nothing takes the focus and the page around stays as it is. Once the
 * session is there, its `page_form` (the service's form that opens its hosted page) goes to that
 * page, which posts it: the service's page loads in the frame, still out of sight. Nobody sees
 * it, so nobody can pay on it, and its attempt stays replaceable. At Pay, when Pay takes that
 * session, the same frame is shown (frame-controller.ts: nothing moves, so nothing loads again)
 * and the widget tells the companion the page is opened; a 410 there (the attempt was replaced or
 * expired meanwhile) means a fresh page. No hop through the one-time `/pay` page is left in Pay.
 *
 * A change to the form discards a page posted (the frame goes, and the session with it); the
 * page frame alone stays for the next session. Nothing of the service's loads while the shopper
 * types: only a prepared session's page. A session without a form (the service's page refuses
 * the storefront's frame, or answered none) loads nothing ahead: Pay goes the normal way. In the
 * schema part (pay-part.ts), beside the preparer.
 */
import { PAGE_FORM_MESSAGE_TYPE, PAGE_FRAME_PATH, type SessionResponse } from './protocol.ts';
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
  /** The frame's address: the page frame's, so the frame keeps its document. */
  url: string;
  /** The service's page has loaded in the frame (its load event, after the page frame's own). */
  painted: boolean;
  /** The companion was told the page is shown: false when it answered 410 (replaced, expired). */
  opened: Promise<boolean>;
}

/** Where the frame stands: nothing, the page frame loading, loaded and waiting, a form posted. */
type Stage = 'none' | 'loading' | 'ready' | 'posted';

export class PageAhead {
  #stage: Stage = 'none';
  /** The session whose form the page frame is to post, or has posted. */
  #session: SessionResponse | undefined;
  /** The service's page has loaded since its form was posted. */
  #loaded = false;

  constructor(
    private readonly host: PageHost,
    private readonly frame: AheadSlot,
  ) {
    // Capturing: a frame's load event does not bubble. The element renders one frame.
    host.renderRoot.addEventListener('load', this.#onLoad, true);
  }

  /** A session is being prepared: the page frame loads now, if it is not there already. */
  warm(): void {
    if (this.#stage !== 'none') return;
    this.#stage = 'loading';
    this.#set(`${companionBase(this.host.companion)}${PAGE_FRAME_PATH}`);
  }

  /** Loads `session`'s page out of sight, in place of any page loaded before (its own stays). */
  load(session: SessionResponse): void {
    if (session === this.#session) return;
    this.discard();
    if (!session.page_form) return;
    this.warm();
    this.#session = session;
    if (this.#stage === 'ready') this.#post();
  }

  /** Takes a posted page away (the form changed, the element left): the frame goes with it. */
  discard(): void {
    this.#session = undefined;
    if (this.#stage === 'posted') this.#reset();
  }

  /**
   * At Pay, for the session Pay took: the page posted for it, which the frame then shows, or
   * undefined (and the frame is left to Pay's page). The companion is told at once.
   */
  shown(session: SessionResponse): ShownPage | undefined {
    const [url, mine, painted] = [this.frame.ahead, session === this.#session, this.#loaded];
    const posted = this.#stage === 'posted';
    this.#reset();
    // The page's one-time address names its token: `…/pay/<token>`.
    const token = session.frame_url && new URL(session.frame_url).pathname.split('/').pop();
    if (!mine || !posted || !url || !token) return undefined;
    const opened: RouteUrl<'pageOpened'> = `${companionBase(this.host.companion)}/api/pages/${token}/opened`;
    return {
      url,
      painted,
      // Anything but a 410 leaves the page as it is: the shopper may go on paying on it.
      opened: fetch(opened, { method: 'POST' }).then(
        (answer) => answer.status !== 410,
        () => true,
      ),
    };
  }

  /** Forgets the page and takes the frame away. */
  #reset(): void {
    [this.#stage, this.#session, this.#loaded] = ['none', undefined, false];
    if (this.frame.ahead) this.#set(undefined);
  }

  #set(url: string | undefined): void {
    this.frame.ahead = url;
    this.host.requestUpdate();
  }

  /** The session's form, to the page frame: only to the companion's origin (the form is the shopper's). */
  #post(): void {
    const form = this.#session?.page_form;
    const frame = this.host.renderRoot.querySelector('iframe')?.contentWindow;
    if (!form || !frame) return;
    this.#stage = 'posted';
    frame.postMessage({ type: PAGE_FORM_MESSAGE_TYPE, form }, new URL(this.host.companion).origin);
    // For the bench's timeline of Pay (bench/engine-figures.ts), and any page's own.
    performance.mark('acquiring-checkout:page-form-posted');
  }

  #onLoad = (event: Event): void => {
    if ((event.target as Element).localName !== 'iframe') return;
    if (this.#stage === 'loading') {
      this.#stage = 'ready';
      if (this.#session) this.#post();
    } else if (this.#stage === 'posted') this.#loaded = true;
  };
}
