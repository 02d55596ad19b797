/**
 * The payment page loaded before Pay, out of sight, so that Pay shows a page already painted, or
 * one already on its way. As the session Pay would start is being prepared (prepare.ts), an empty
 * frame (about:blank, with no address of its own) is rendered in the payment page's `<dialog>`
 * while that dialog is closed: inert (nothing is announced, nothing takes the focus or a click),
 * invisible, so the page around stays as it is; but laid out as it will be shown (in the element's
 * box, or on a phone over the whole screen: payment-page.styles.ts), so the page lays itself out
 * before Pay rather than at it (a frame that is not rendered does its first layout once shown).
 * Once the session is there, the element posts its `page_form` (the service's form that opens its
 * hosted page) into that frame itself: the service's page loads there, still out of sight, with
 * no hop through the page's one-time `/pay` address and no document of ours loaded first. The
 * frame's first page replaces its empty one, so the shop's
 * session history gains no entry (Back still leaves the shop's page at once). Nobody sees the
 * page, so nobody can pay on it, and its attempt stays replaceable. At Pay, when Pay takes that
 * session, the same frame is shown (frame-controller.ts: nothing moves, so nothing loads again)
 * and the element tells the companion the page is opened; a 410 there (the attempt was replaced
 * or expired meanwhile) means a fresh page.
 *
 * The empty frame is the storefront's own document: its CSP's `form-action`, if it has one, must
 * name the service (the companion's `GET /api/csp` lists it). Where it does not, the post is
 * refused, and Pay goes the way before, through `/pay`. A change to the form discards a page
 * posted (the frame goes, and the session with it). Nothing of the service's loads while the
 * shopper types: only a prepared session's page. A session without a form (the service's page
 * refuses the storefront's frame, or answered none) loads nothing ahead. In the schema part
 * (pay-part.ts), beside the preparer.
 */
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
  /** The frame's address (about:blank): the same, so the frame keeps its document. */
  url: string;
  /** The service's page has loaded in the frame (its load event, after the empty frame's own). */
  painted: boolean;
  /** The companion was told the page is shown: false when it answered 410 (replaced, expired). */
  opened: Promise<boolean>;
}

/** Where the frame stands: nothing, the empty frame coming, there and waiting, a form posted. */
type Stage = 'none' | 'loading' | 'ready' | 'posted';

export class PageAhead {
  #stage: Stage = 'none';
  /** The session whose form is to be posted into the frame, or was. */
  #session: SessionResponse | undefined;
  /** The service's page has loaded since its form was posted. */
  #loaded = false;
  /** The storefront's CSP refused the post (`form-action`): Pay goes the way before. */
  #refused = false;
  /** Pay waits for the page shown at its press (`early`): called at the page's load. */
  #shown: (() => void) | undefined;

  constructor(
    private readonly host: PageHost,
    private readonly frame: AheadSlot,
  ) {
    // Capturing: a frame's load event does not bubble. The element renders one frame.
    host.renderRoot.addEventListener('load', this.#onLoad, true);
  }

  /** A session is being prepared: the empty frame is rendered now, if it is not there already. */
  warm(): void {
    if (this.#stage !== 'none') return;
    this.#stage = 'loading';
    // A task later, after the render (a microtask) that takes a discarded frame away: a new
    // frame, not the old one kept with the old page in it.
    setTimeout(() => this.#stage === 'loading' && this.#set(BLANK));
  }

  /**
   * At the press, a page posted and still loading: Pay's work lays the element out again
   * ("Paying…", then the page in the form's place), and would share the machine with the page's
   * loading (in Firefox it added a fifth of the floor, WebKit more:
   * docs/site/project/performance.md). So the page is shown at once where it is laid out, over
   * the form, which is made transparent (style alone: nothing is laid out again), and Pay's work
   * waits for the page's load, or `SHOWN_MS` at most (a slow page then gets its progress line).
   * The page stays so until Pay takes it (`shown`: the page then in the form's place, in the same
   * task) or drops it (a fresh session: the form back, "Paying…"). False for a page loaded (it is
   * shown as it is, nothing to wait for); undefined for none, or one that cannot be shown.
   */
  early(): Promise<void> | false | undefined {
    // Pressed again while Pay waits: the same press, which goes no further.
    if (this.#shown) return new Promise(() => undefined);
    const posted = this.#stage === 'posted' && !this.#refused;
    if (!posted) return;
    if (this.#loaded) return false;
    this.#early(true);
    return new Promise<void>((go) => {
      this.#shown = go;
      setTimeout(go, SHOWN_MS);
    }).then(() => (this.#shown = undefined));
  }

  /** The page in view over the form, the form transparent (`early`), or each back as rendered. */
  #early(shown: boolean): void {
    const root = this.host.renderRoot;
    // An empty value removes the property: the stylesheet's again.
    root.querySelector('dialog')?.style.setProperty('opacity', shown ? '1' : '');
    root.querySelector('form')?.style.setProperty('opacity', shown ? '0' : '');
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
    const posted = this.#stage === 'posted' && !this.#refused;
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

  /** Forgets the page and takes the frame away (the form back in view, if `early` hid it). */
  #reset(): void {
    this.#early(false);
    [this.#stage, this.#session, this.#loaded, this.#refused] = ['none', undefined, false, false];
    if (this.frame.ahead) this.#set(undefined);
  }

  #set(url: string | undefined): void {
    this.frame.ahead = url;
    this.host.requestUpdate();
  }

  /**
   * The session's form, posted into the empty frame: the element builds it there (the frame is
   * same-origin, and runs no script: its sandbox gains scripts only now) and submits it.
   */
  #post(): void {
    const form = this.#session?.page_form;
    const frame = this.host.renderRoot.querySelector('iframe');
    const doc = frame?.contentDocument;
    if (!form || !doc?.body) return;
    this.#stage = 'posted';
    // The service's page runs scripts: the post's navigation takes the sandbox as it is now.
    frame?.sandbox.add('allow-scripts');
    const element = doc.createElement('form');
    element.method = form.method === 'get' ? 'get' : 'post';
    element.action = form.action;
    for (const [name, value] of Object.entries(form.fields)) {
      const input = element.appendChild(doc.createElement('input'));
      [input.type, input.name, input.value] = ['hidden', name, value];
    }
    doc.addEventListener('securitypolicyviolation', () => (this.#refused = true));
    doc.body.append(element);
    element.submit();
    // For the bench's timeline of Pay (bench/engine-figures.ts), and any page's own.
    performance.mark('acquiring-checkout:page-form-posted');
  }

  #onLoad = (event: Event): void => {
    if ((event.target as Element).localName !== 'iframe') return;
    if (this.#stage === 'loading') {
      this.#stage = 'ready';
      if (this.#session) this.#post();
    } else if (this.#stage === 'posted') {
      this.#loaded = true;
      this.#shown?.();
    }
  };
}

/** The empty frame's address: no document of anyone's, the storefront's origin. */
const BLANK = 'about:blank';
/**
 * How long Pay's work waits for a page shown at the press to load: on loopback it loads in 10 to
 * 40 ms here; a page slower than this gets Pay's work meanwhile (its progress line, its bar).
 */
const SHOWN_MS = 100;
