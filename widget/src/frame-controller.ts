/**
 * The hosted payment page's lifecycle: mounted in a frame, timed while it loads, and when the frame
 * cannot be used (too slow, or refused by the page), the same attempt goes on in a window or by a
 * redirect. The page's messages are believed only from the companion's origin and our own frame
 * or window (frame.ts). An APM's redirect leaves the page the same way. While the page is up, the
 * element shows it in place of the form, in a `<dialog>`, with a way back to the form (a modal
 * dialog over the whole screen on a phone, where the page takes it).
 */
import { html, nothing, svg, type ReactiveController } from 'lit';
import { CheckoutError } from './companion-client.ts';
import { CheckoutFrameMountedEvent, CheckoutRedirectEvent } from './events.ts';
import { frameMessage, isHttpUrl } from './frame.ts';
import type { Messages } from './messages-type.ts';
import type { SessionResponse } from './protocol.ts';
import type { PendingAttempt } from './saved-attempt.ts';
import { PHONE } from './phone.ts';
import { reveal, type RevealHost } from './reveal.ts';

/** What the frame needs of the element: its settings, and where its frame is rendered. */
export interface FrameHost extends RevealHost, EventTarget {
  /** Whether the element is in a document: its frame loads, and its fallback runs, only then. */
  readonly isConnected: boolean;
  companion: string;
  fallback: 'redirect' | 'popup';
  frameTimeout: number;
}

/** What the element does for the frame. */
export interface FrameAttempt {
  /** The same attempt again, for a fresh one-time address of the payment page. */
  restart(): Promise<SessionResponse>;
  /** The attempt to confirm. */
  pending(session: SessionResponse): PendingAttempt;
  /** The shopper is back from the payment page. */
  returned(attempt: PendingAttempt): void;
  /** The shopper left the payment page for the form, unpaid as far as the element knows. */
  closed(attempt: PendingAttempt): void;
  failed(error: unknown): void;
}

export class FrameController implements ReactiveController {
  /** The payment page's address in the frame, while it is mounted. */
  url: string | undefined;
  /** The payment page is on its way into the frame. */
  loading = false;
  /** The payment page's address for the open-window button, when the frame fell back to it. */
  windowUrl: string | undefined;
  /**
   * The address of a page loaded before Pay (page-ahead.ts): the frame is rendered with it in
   * the dialog, closed, until `mount` shows it.
   */
  ahead: string | undefined;

  readonly #host: FrameHost;
  readonly #attempt: FrameAttempt;
  #session: SessionResponse | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #popup: Window | null = null;
  /** The page is up for a card's 3-D Secure challenge (card mode): the shopper is told why. */
  #verify = false;
  /** It left the document with its page mounted, whose one-time address the frame used. */
  #leftWithPage = false;

  constructor(host: FrameHost, attempt: FrameAttempt) {
    this.#host = host;
    this.#attempt = attempt;
    host.addController(this);
  }

  /**
   * After each render: the page's `<dialog>` is shown once mounted. On a phone it is modal
   * (`showModal`: the top layer, even from the element's shadow root; the rest of the page inert,
   * so Tab never reaches the shop's links behind it; Escape closes it, which is Back; its styles
   * keep the page behind from scrolling); elsewhere it stands in the form's place. A frame
   * rendered into the dialog before it is shown (loaded out of sight) is shown there as it is:
   * nothing moves, so nothing reloads.
   */
  hostUpdated(): void {
    // Closed by itself (Escape, the browser's close request) while the page is up: that is Back,
    // in the template's @close.
    const dialog = this.#host.renderRoot.querySelector('dialog');
    if (this.url && dialog && !dialog.open)
      dialog[matchMedia(PHONE).matches ? 'showModal' : 'show']();
  }

  hostConnected(): void {
    window.addEventListener('message', this.#onMessage);
    if (this.#leftWithPage) void this.reopen();
    // A page mounted while it was away was never asked for: it loads now, with its time.
    else if (this.loading) this.#arm();
  }

  /**
   * Out of the document (an app's route changed, the element was moved), the frame loads
   * nothing, so its time stops too: a timer left running would fall back, and redirect the
   * page the shopper went on to, long after they left the checkout.
   */
  hostDisconnected(): void {
    window.removeEventListener('message', this.#onMessage);
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.url === undefined) return;
    // A frame put back loads its address again, and the companion serves a page's address
    // once: the page was asked for, so it will need a fresh one (#reopen). Meanwhile the frame
    // goes, so it never shows the used address's "expired".
    this.#leftWithPage = true;
    this.#set({ url: undefined, loading: false });
  }

  /**
   * The same attempt's page at a fresh address: back in a document after it left with its page,
   * or a page loaded before Pay that was replaced meanwhile.
   */
  async reopen(): Promise<void> {
    this.#leftWithPage = false;
    try {
      this.mount(...(await this.#freshPage()));
    } catch (error) {
      this.#attempt.failed(error);
    }
  }

  /** The same attempt again, at a fresh one-time address of its page. */
  async #freshPage(): Promise<[SessionResponse, string]> {
    const session = await this.#attempt.restart();
    if (!session.frame_url || !isHttpUrl(session.frame_url))
      throw new CheckoutError('frame', 'The payment page could not be opened.', true);
    return [session, session.frame_url];
  }

  /** Gives the loading page `frameTimeout` ms, from now, while the element is in a document. */
  #arm(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    if (this.#host.isConnected)
      this.#timer = setTimeout(() => void this.#fallBack(), this.#host.frameTimeout);
  }

  #onLoad = (): void => {
    if (this.#timer === undefined) return;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#set({ loading: false });
    this.#mounted();
  };

  #mounted = (): void => {
    this.#host.dispatchEvent(
      new CheckoutFrameMountedEvent({ order_no: this.#session?.order_no ?? '' }),
    );
  };

  #onMessage = (event: MessageEvent): void => {
    const session = this.#session;
    if (!session) return;
    const frame = this.#host.renderRoot.querySelector('iframe')?.contentWindow;
    const origin = new URL(this.#host.companion).origin;
    const fromFrame = frameMessage(event, origin, frame, session.order_ref);
    const fromWindow =
      this.#popup !== null && frameMessage(event, origin, this.#popup, session.order_ref);
    if (fromFrame === 'framing-refused' && this.url) void this.#fallBack();
    else if (fromFrame === 'return' || fromWindow === 'return')
      this.#attempt.returned(this.#attempt.pending(session));
  };

  #back = (): void => {
    const session = this.#session;
    this.close();
    if (session) this.#attempt.closed(this.#attempt.pending(session));
  };

  #openWindow = (): void => {
    this.#popup = window.open(this.windowUrl, 'acquiring-checkout', 'popup,width=480,height=720');
  };

  /**
   * Mounts `session`'s payment page (`url`) in the frame; it has `frameTimeout` ms to load.
   * `verify`: a typed card needs a 3-D Secure challenge, which the page runs; the bar says so.
   * `painted`: the page loaded out of sight before Pay (`ahead`), the service's page in it: it is
   * shown, and on screen as soon as rendered.
   */
  mount(session: SessionResponse, url: string, verify = false, painted = false): void {
    this.#session = session;
    this.#verify = verify;
    this.ahead = undefined;
    this.#set({ url, loading: !painted });
    if (painted) void this.#host.updateComplete.then(this.#mounted);
    else this.#arm();
    void reveal(this.#host, 'payment-page');
  }

  /** The payment page is up (loading or shown): the element shows it in place of the form. */
  get open(): boolean {
    return this.url !== undefined;
  }

  /**
   * Sends the shopper to `url` (which must be http(s)). The attempt was saved as its session came
   * back (saved-attempt.ts), so the return page picks it up.
   */
  redirect(url: string, reason: 'apm' | 'frame-fallback'): void {
    this.#host.dispatchEvent(new CheckoutRedirectEvent({ url, reason }));
    window.location.assign(url);
  }

  /** Takes the payment page away: the frame, its progress line and the open-window button. */
  close(): void {
    this.#leftWithPage = false;
    clearTimeout(this.#timer);
    this.#set({ url: undefined, loading: false, windowUrl: undefined });
  }

  /** Forgets the attempt too: the next page mounted is a new attempt's. */
  reset(): void {
    this.close();
    this.#session = undefined;
  }

  /**
   * The frame did not load in time, or its page refused the frame: the same attempt goes on in a
   * window or by a redirect.
   */
  async #fallBack(): Promise<void> {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#set({ url: undefined, loading: false });
    try {
      const [, url] = await this.#freshPage();
      // Taken out of the document while the address was on its way: the page the shopper went
      // on to stays theirs; should the element come back, it offers the page in a window.
      if (this.#host.fallback === 'popup' || !this.#host.isConnected) this.#set({ windowUrl: url });
      else this.redirect(url, 'frame-fallback');
    } catch (error) {
      this.#attempt.failed(error);
    }
  }

  #set(state: Partial<Pick<FrameController, 'url' | 'loading' | 'windowUrl'>>): void {
    Object.assign(this, state);
    this.#host.requestUpdate();
  }

  /**
   * The payment page as the attempt stands: a bar with the way back (and `summary`, whose
   * details these are), the progress line over the frame while the page loads, and the frame; or
   * the open-window button.
   */
  render(t: Messages, summary: string) {
    const url = this.url ?? this.ahead;
    return html`${
      url
        ? html`<dialog
            part="payment-page"
            tabindex="-1"
            aria-label=${t.frame_title}
            ?inert=${!this.url}
            @close=${() => this.url && this.#back()}
          >
            <div part="payment-bar">
              <button part="back-button" type="button" @click=${this.#back}>
                <svg aria-hidden="true" viewBox="0 0 16 16">${CHEVRON}</svg>${t.close_payment_page}
              </button>
              ${summary ? html`<span part="summary">${summary}</span>` : nothing}
            </div>
            ${this.#verify ? html`<p part="notice" role="status">${t.verify_card}</p>` : nothing}
            <div class="stage">
              ${
                this.loading
                  ? html`<p part="progress" role="status" aria-live="polite">${t.loading_page}</p>`
                  : nothing
              }${this.#frame(t, url)}
            </div>
          </dialog>`
        : nothing
    }
    ${this.windowUrl ? html`<button part="open-window-button" type="button" @click=${this.#openWindow}>${t.open_window}</button>` : nothing}`;
  }

  #frame(t: Messages, url: string) {
    /* sandbox: scripts (the page submits itself), forms, same-origin (the service's page keeps
       its origin for its cookies and 3-D Secure), popups (some 3-D Secure and APM pages). On a
       page of the storefront's own origin scripts could lift it (Chromium warns): the mounted
       companion's /pay page (docs/site/widget/security.md), and the empty frame a page is posted
       into ahead (page-ahead.ts), which gets scripts only from the post itself (the bound value
       unchanged, a render leaves them; bound before `src`, a new address gets new flags). Never
       srcdoc; no top navigation: the frame can never move the storefront. */
    return html`<iframe
      aria-busy=${this.loading ? 'true' : 'false'}
      part="frame"
      sandbox="${this.url ? 'allow-scripts ' : ''}allow-forms allow-same-origin allow-popups"
      src=${url}
      title=${t.frame_title}
      @load=${this.#onLoad}
      allow="payment"
    ></iframe>`;
  }
}

const CHEVRON = svg`<path d="M10 3L5 8l5 5" />`;
