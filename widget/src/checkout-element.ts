import { html, LitElement, nothing, type PropertyValues } from 'lit';
import { PAID_STATUSES, type OrderStatus, type SessionResponse } from './protocol.ts';
import { CheckoutError, orderStatus, startPayment, type PaymentRoute } from './companion-client.ts';
import {
  collectDeviceData,
  newSessionId,
  warmTimeZone,
  type DataCollection,
} from './device-data.ts';
import type { DeviceData, Shopper } from './protocol.ts';
import {
  CheckoutChangeEvent,
  CheckoutFailureEvent,
  CheckoutFrameMountedEvent,
  CheckoutReadyEvent,
  CheckoutRedirectEvent,
  CheckoutResultEvent,
  CheckoutSubmitEvent,
} from './events.ts';
import { countryOf, shopperOf, shownFields, validate, type FieldSpec } from './fields.ts';
import {
  clientSecretOf,
  isHttpUrl,
  frameMessage,
  returnAddress,
  savePending,
  takePending,
  type PendingAttempt,
} from './frame.ts';
import { english, isRightToLeft, loadedMessages, loadMessages, type Messages } from './messages.ts';
import { isDark, watchSystemScheme, type Theme } from './color-scheme.ts';
import { loadCard, loadFingerprint, loadSchema } from './lazy.ts';
import { renderField } from './field-view.ts';
import { failureText, outcomeText } from './shopper-text.ts';
import { styles } from './checkout-element.styles.ts';
import { applyAppearance, type Appearance } from './appearance.ts';

const ROUTES: Record<string, PaymentRoute> = {
  checkout: 'checkout-sessions',
  apm: 'apm-payments',
  card: 'card-payments',
};
const UNSETTLED: readonly OrderStatus[] = ['pending', 'unknown', 'created'];

/**
 * The checkout for a storefront: shopper form, hosted payment page in a frame (or an APM
 * redirect, or card fields), and the result from the merchant's companion server.
 *
 * @summary A payment form that talks only to the merchant's companion server.
 * @tagname acquiring-checkout
 *
 * @event acquiring-ready - The form can be used.
 * @event acquiring-change - A field changed; `detail.valid` says whether the form could be paid.
 * @event acquiring-submit - Pay was pressed on a valid form: `detail.order_ref`, `detail.attempt_key`.
 * @event acquiring-frame-mounted - The hosted payment page is on screen: `detail.order_no`.
 * @event acquiring-redirect - The shopper is sent to `detail.url` (`detail.reason`: apm or frame-fallback).
 * @event acquiring-result - The payment ended: `detail.order_no`, `detail.transaction_id`, `detail.status`.
 * @event acquiring-failure - The attempt failed: `detail.code`, `detail.message`, `detail.retryable`.
 *
 * @csspart form - The form.
 * @csspart field - A label, its input and its error.
 * @csspart label - A field's label.
 * @csspart input - A field's input or select.
 * @csspart error-message - A field's error text.
 * @csspart pay-button - The Pay button.
 * @csspart status - The progress and outcome text.
 * @csspart failure - The failure text.
 * @csspart retry-button - Try again, after a failure.
 * @csspart progress - Shown while the payment page loads into the frame.
 * @csspart frame - The hosted payment page's frame.
 * @csspart open-window-button - Opens the payment page in a window, when the frame cannot be used.
 *
 * @cssproperty --acquiring-font - Font family.
 * @cssproperty --acquiring-font-size - Base font size (the page's by default).
 * @cssproperty --acquiring-text - Text colour.
 * @cssproperty --acquiring-background - Background colour.
 * @cssproperty --acquiring-border - Border colour of inputs and the frame.
 * @cssproperty --acquiring-input-background - Fill of the inputs.
 * @cssproperty --acquiring-accent - Colour of the buttons.
 * @cssproperty --acquiring-accent-text - Text colour of the buttons.
 * @cssproperty --acquiring-error - Colour of errors.
 * @cssproperty --acquiring-radius - Corner radius.
 * @cssproperty --acquiring-gap - Space between fields.
 * @cssproperty --acquiring-frame-height - Height of the payment frame.
 */
export class AcquiringCheckout extends LitElement {
  static override styles = styles;
  static override properties = {
    companion: { type: String },
    orderRef: { type: String, attribute: 'order-ref' },
    mode: { type: String },
    paymentMethod: { type: String, attribute: 'payment-method' },
    bankCode: { type: String, attribute: 'bank-code' },
    locale: { type: String, reflect: true },
    fields: { type: String },
    requiredFields: { type: String, attribute: 'required-fields' },
    shopper: { attribute: false },
    returnUrl: { type: String, attribute: 'return-url' },
    dataCollection: { type: String, attribute: 'data-collection' },
    fallback: { type: String },
    frameTimeout: { type: Number, attribute: 'frame-timeout' },
    theme: { type: String, reflect: true },
    appearance: { attribute: false },
    messages: { attribute: false },
    _texts: { state: true },
    _values: { state: true },
    _errors: { state: true },
    _busy: { state: true },
    _frameUrl: { state: true },
    _frameLoading: { state: true },
    _windowUrl: { state: true },
    _failure: { state: true },
    _outcome: { state: true },
  };

  /**
   * The companion's address: its origin (`https://pay.shop.example`), with the path it is
   * mounted at if any (`https://shop.example/payments`).
   */
  declare companion: string;
  /** The merchant's order reference; the companion resolves the amount from it. */
  declare orderRef: string;
  /** `checkout` (hosted page in a frame), `apm` (redirect to the payment method) or `card`. */
  declare mode: 'checkout' | 'apm' | 'card';
  /** In `apm` mode, the payment method to pay with, e.g. `pix`. */
  declare paymentMethod: string;
  /** In `apm` mode, the shopper's bank, for the methods that ask for one. */
  declare bankCode: string;
  /** The language of the form's text, a BCP 47 tag (`en`, `pt-BR`, `ar`); sets `dir` too. */
  declare locale: string;
  /** Shopper fields to show: `email first_name last_name phone billing`. */
  declare fields: string;
  /** Fields that must be filled; all shown ones when unset. */
  declare requiredFields: string | undefined;
  /** Prefilled shopper data, by field name (`email`, `billing.city`…). */
  declare shopper: Record<string, string>;
  /** The storefront page to come back to after a redirect. */
  declare returnUrl: string;
  /** What device data may be collected: `none`, `essential` or `full` (cookie and fingerprint). */
  declare dataCollection: DataCollection;
  /** When the frame cannot be used: `redirect` the page, or offer a `popup`. */
  declare fallback: 'redirect' | 'popup';
  /** How long the payment page may take to load in the frame, in ms. */
  declare frameTimeout: number;
  /**
   * `light` (the default), `dark`, or `auto`: dark when the page's `color-scheme` allows it and
   * the system prefers it.
   */
  declare theme: Theme;
  /**
   * A preset and variables of your own over it (`{ theme: 'night', variables: { colorPrimary:
   * '#7c3aed' } }`), set as the element's custom properties; see Appearance. Assign a new object
   * to change it.
   */
  declare appearance: Appearance;
  /** Texts of your own, by key, over the locale's (`{ pay: 'Place order' }`); see Messages. */
  declare messages: Partial<Messages>;
  /** @internal The locale's texts, once loaded (English until then). */
  declare _texts: Messages;
  /** @internal */
  declare _values: Record<string, string>;
  /** @internal */
  declare _errors: Record<string, keyof Messages>;
  /** @internal */
  declare _busy: boolean;
  /** @internal */
  declare _frameUrl: string | undefined;
  /** @internal The payment page is on its way into the frame. */
  declare _frameLoading: boolean;
  /** @internal */
  declare _windowUrl: string | undefined;
  /** @internal */
  declare _failure: CheckoutError | undefined;
  /** @internal */
  declare _outcome: OrderStatus | undefined;

  #sessionId = '';
  #attemptKey: string | undefined;
  #session: SessionResponse | undefined;
  #frameTimer: ReturnType<typeof setTimeout> | undefined;
  #popup: Window | null = null;
  #fingerprint: Promise<string> | undefined;
  #card: Promise<typeof import('./card.ts')> | undefined;
  #cardModule: typeof import('./card.ts') | undefined;
  #texts: Promise<Messages> | undefined;
  #schema: Promise<typeof import('./shopper-schema.ts')> | undefined;
  #schemaModule: typeof import('./shopper-schema.ts') | undefined;
  #loadingParts = false;

  constructor() {
    super();
    Object.assign(this, {
      companion: '', orderRef: '', mode: 'checkout', paymentMethod: '', bankCode: '', locale: 'en',
      fields: 'email first_name last_name', requiredFields: undefined, shopper: {}, returnUrl: '',
      dataCollection: 'essential', fallback: 'redirect', frameTimeout: 15_000, theme: 'light', messages: {},
      appearance: {},
      _texts: english, _values: {}, _errors: {},
      _busy: false, _frameUrl: undefined, _frameLoading: false, _windowUrl: undefined, _failure: undefined, _outcome: undefined,
    }); // prettier-ignore
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#sessionId ||= newSessionId();
    warmTimeZone();
    this.#loadSchema().catch(() => undefined);
    // Moved in the page: watch the system's scheme again (the first time, willUpdate does).
    if (this.hasUpdated) this.#applyScheme();
    // Started now, in its own chunk, so it is usually ready by Pay; it never holds the form back.
    if (this.dataCollection === 'full') this.#fingerprint ??= loadFingerprint();
    window.addEventListener('message', this.#onMessage);
    const pending = takePending();
    if (pending) void this.#confirm(pending);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#stopWatchingScheme?.();
    this.#stopWatchingScheme = undefined;
    window.removeEventListener('message', this.#onMessage);
    clearTimeout(this.#frameTimer);
  }

  protected override firstUpdated(): void {
    this.#becameReady();
    this.dispatchEvent(new CheckoutReadyEvent());
  }

  #becameReady: () => void = () => undefined;
  #ready = new Promise<void>((resolve) => (this.#becameReady = resolve));

  /**
   * Resolves once the form can be used (when `acquiring-ready` fires), also for code that starts
   * listening after the event: `await el.ready`.
   */
  get ready(): Promise<void> {
    return this.#ready;
  }

  /** Pays as the Pay button does: the form is checked first, and nothing is sent if it is invalid. */
  submit(): void {
    this.renderRoot.querySelector('form')?.requestSubmit();
  }

  /**
   * Starts over: empties the fields (keeping `shopper`'s prefill), clears messages and the
   * payment page, and the next Pay is a new attempt. Does nothing while a payment is under way.
   */
  reset(): void {
    if (this._busy) return;
    clearTimeout(this.#frameTimer);
    Object.assign(this, {
      _values: { ...this.shopper }, _errors: {}, _failure: undefined, _outcome: undefined,
      _frameUrl: undefined, _frameLoading: false, _windowUrl: undefined,
    }); // prettier-ignore
    this.#attemptKey = undefined;
    this.#session = undefined;
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('shopper')) this._values = { ...this.shopper, ...this._values };
    if (changed.has('mode') && this.mode === 'card') this.#loadCard().catch(() => undefined);
    if (changed.has('locale')) {
      this.setAttribute('dir', isRightToLeft(this.locale) ? 'rtl' : 'ltr');
      this.#loadTexts();
    }
    if (changed.has('locale') || changed.has('fields')) this.#defaultCountries();
    if (changed.has('theme')) this.#applyScheme();
    if (changed.has('appearance')) applyAppearance(this, this.appearance);
  }

  #stopWatchingScheme: (() => void) | undefined;

  /** Shows light or dark (data-scheme on the element, read by the styles), per `theme`. */
  #applyScheme = (): void => {
    this.setAttribute('data-scheme', isDark(this.theme) ? 'dark' : 'light');
    this.#stopWatchingScheme?.();
    this.#stopWatchingScheme =
      this.theme === 'auto' && this.isConnected ? watchSystemScheme(this.#applyScheme) : undefined;
  };

  /** An empty country field starts at the country the locale names, if any (`pt-BR` → Brazil). */
  #defaultCountries(): void {
    const country = countryOf(this.locale);
    const empty = this.#fieldSpecs.filter((f) => f.type === 'country' && !this._values[f.name]);
    if (country && empty.length > 0)
      this._values = {
        ...this._values,
        ...Object.fromEntries(empty.map((f) => [f.name, country])),
      };
  }

  /** The locale's texts: at once if loaded, else English until they arrive (a part of their own). */
  #loadTexts(): void {
    const locale = this.locale;
    const here = loadedMessages(locale);
    if (here) {
      this._texts = here;
      this.#texts = undefined;
      return;
    }
    this.#texts = loadMessages(locale).then((texts) => {
      if (this.locale === locale) this._texts = texts;
      return texts;
    });
  }

  /** An update is complete once its parts are here too: texts, schema, and the card part. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let result = await super.getUpdateComplete();
    const [texts, card, schema] = [this.#texts, this.#card, this.#schema];
    if (texts || card || schema) {
      await Promise.all([texts, card?.catch(() => undefined), schema?.catch(() => undefined)]);
      // What they brought is rendered before the update counts as complete.
      result = await super.getUpdateComplete();
    }
    return result;
  }

  /** The companion's address without a trailing slash: paths are appended to it. */
  get #companion(): string {
    return this.companion.replace(/\/+$/, '');
  }

  get #messages(): Messages {
    return { ...this._texts, ...this.messages };
  }

  get #fieldSpecs(): FieldSpec[] {
    return shownFields(this.fields.split(/\s+/).filter(Boolean), this.mode === 'card');
  }

  get #required(): Set<string> {
    const names =
      this.requiredFields === undefined
        ? undefined
        : this.requiredFields.split(/\s+/).filter(Boolean);
    // An optional delivery address is the common case: required only when named.
    const specs = names
      ? shownFields(names, false)
      : this.#fieldSpecs.filter((f) => !f.name.startsWith('delivery.'));
    return new Set([
      ...specs.map((f) => f.name),
      ...(this.mode === 'card' ? ['card.number', 'card.expiry', 'card.security_code'] : []),
    ]);
  }

  #check() {
    return validate(
      this.#fieldSpecs,
      this.#required,
      this._values,
      this.#schemaModule?.Shopper,
      this.#cardModule?.checkCard,
    );
  }

  /** The shopper schema, a part of its own (lazy.ts): asked for at connect, awaited at Pay. */
  #loadSchema(): Promise<typeof import('./shopper-schema.ts')> {
    this.#schema ??= loadSchema().then(
      (module) => (this.#schemaModule = module),
      (error: unknown) => {
        this.#schema = undefined; // the next Pay asks again
        throw error;
      },
    );
    return this.#schema;
  }

  /** Card mode's checks come in a part of their own (lazy.ts); the default checkout never loads it. */
  #loadCard(): Promise<typeof import('./card.ts')> {
    this.#card ??= loadCard().then((module) => (this.#cardModule = module));
    return this.#card;
  }

  #onInput = (event: Event): void => {
    const input = event.target as HTMLInputElement | HTMLSelectElement;
    const card = this.#cardModule;
    const format =
      input.name === 'card.number'
        ? card?.formatCardNumber
        : input.name === 'card.expiry'
          ? card?.formatExpiry
          : undefined;
    const value = format ? format(input.value) : input.value;
    if (value !== input.value) input.value = value;
    this._values = { ...this._values, [input.name]: value };
    if (this._errors[input.name]) {
      const { [input.name]: _fixed, ...rest } = this._errors;
      const still = this.#check()[input.name];
      this._errors = still ? { ...rest, [input.name]: still } : rest;
    }
    const valid = Object.keys(this.#check()).length === 0;
    this.dispatchEvent(new CheckoutChangeEvent({ valid }));
  };

  #onSubmit = async (event: Event): Promise<void> => {
    event.preventDefault();
    if (this._busy || (this._outcome && PAID_STATUSES.includes(this._outcome))) return;
    // Usually here since the element connected; awaited only if not (a second press meanwhile
    // is the same press).
    if (!this.#schemaModule || (this.mode === 'card' && !this.#cardModule)) {
      if (this.#loadingParts) return;
      this.#loadingParts = true;
      try {
        await Promise.all([
          this.#loadSchema(),
          this.mode === 'card' ? this.#loadCard() : undefined,
        ]);
      } catch {
        return this.#fail(new CheckoutError('unavailable', 'The form could not be loaded.', true));
      } finally {
        this.#loadingParts = false;
      }
    }
    this._errors = this.#check();
    if (Object.keys(this._errors).length > 0) {
      await this.updateComplete;
      this.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    this._busy = true;
    // One message at a time: a new attempt clears what the last one said.
    this._failure = undefined;
    this._outcome = undefined;
    this.#attemptKey ??= crypto.randomUUID();
    this.dispatchEvent(
      new CheckoutSubmitEvent({ order_ref: this.orderRef, attempt_key: this.#attemptKey }),
    );
    try {
      const session = await this.#start();
      this.#session = session;
      if (this.mode === 'checkout' && session.frame_url) this.#mountFrame(session.frame_url);
      else if (this.mode === 'apm') this.#goToIssuer(session);
      else await this.#confirm(this.#pending(session));
    } catch (error) {
      this.#fail(error);
    }
  };

  async #start(): Promise<SessionResponse> {
    const body: Record<string, unknown> = {
      order_ref: this.orderRef,
      attempt_key: this.#attemptKey,
      client_secret: clientSecretOf(this.orderRef),
      ...(await this.collectedData()),
    };
    // A redirect (APM, or the frame's fallback) needs a way back: this page, unless told otherwise.
    body.return_url = this.returnUrl || returnAddress();
    if (this.mode === 'apm')
      Object.assign(body, {
        payment_method: this.paymentMethod,
        ...(this.bankCode ? { bank_code: this.bankCode } : {}),
      });
    if (this.mode === 'card') body.card = this.#cardModule?.cardOf(this._values);
    return startPayment(this.#companion, ROUTES[this.mode] ?? 'checkout-sessions', body);
  }

  #pending(session: SessionResponse): PendingAttempt {
    return {
      order_ref: session.order_ref,
      order_no: session.order_no,
      status_token: session.status_token,
      companion: this.#companion,
    };
  }

  #mountFrame(url: string): void {
    this._frameUrl = url;
    this._frameLoading = true;
    clearTimeout(this.#frameTimer);
    this.#frameTimer = setTimeout(() => void this.#fallBack(), this.frameTimeout);
  }

  #onFrameLoad = (): void => {
    if (this.#frameTimer === undefined) return;
    clearTimeout(this.#frameTimer);
    this.#frameTimer = undefined;
    this._frameLoading = false;
    this.dispatchEvent(new CheckoutFrameMountedEvent({ order_no: this.#session?.order_no ?? '' }));
  };

  /**
   * The frame did not load in time, or its page refused the frame: the same attempt goes on in a
   * window or by a redirect.
   */
  async #fallBack(): Promise<void> {
    clearTimeout(this.#frameTimer);
    this.#frameTimer = undefined;
    this._frameUrl = undefined;
    this._frameLoading = false;
    try {
      const session = await this.#start(); // the same attempt: a fresh one-time address
      if (!session.frame_url || !isHttpUrl(session.frame_url))
        throw new CheckoutError('frame', 'The payment page could not be opened.', true);
      if (this.fallback === 'popup') {
        this._windowUrl = session.frame_url;
        return;
      }
      savePending(this.#pending(session));
      this.dispatchEvent(
        new CheckoutRedirectEvent({ url: session.frame_url, reason: 'frame-fallback' }),
      );
      window.location.assign(session.frame_url);
    } catch (error) {
      this.#fail(error);
    }
  }

  #openWindow = (): void => {
    this.#popup = window.open(this._windowUrl, 'acquiring-checkout', 'popup,width=480,height=720');
  };

  #goToIssuer(session: SessionResponse): void {
    if (!session.issuer_url || !isHttpUrl(session.issuer_url))
      throw new CheckoutError('issuer', 'The payment method gave no usable address.', false);
    savePending(this.#pending(session));
    this.dispatchEvent(new CheckoutRedirectEvent({ url: session.issuer_url, reason: 'apm' }));
    window.location.assign(session.issuer_url);
  }

  #onMessage = (event: MessageEvent): void => {
    const session = this.#session;
    if (!session) return;
    const frame = this.renderRoot.querySelector('iframe')?.contentWindow;
    const origin = new URL(this.companion).origin;
    const fromFrame = frameMessage(event, origin, frame, session.order_ref);
    const fromWindow =
      this.#popup !== null && frameMessage(event, origin, this.#popup, session.order_ref);
    if (fromFrame === 'framing-refused' && this._frameUrl) void this.#fallBack();
    else if (fromFrame === 'return' || fromWindow === 'return')
      void this.#confirm(this.#pending(session));
  };

  /** Asks the companion for the order's status until it settles (the notification may lag). */
  async #confirm(attempt: PendingAttempt): Promise<void> {
    this._busy = true;
    try {
      let status = await orderStatus(attempt.companion, attempt.order_ref, attempt.status_token);
      for (let i = 0; i < 10 && UNSETTLED.includes(status.status); i++) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        status = await orderStatus(attempt.companion, attempt.order_ref, attempt.status_token);
      }
      this._frameUrl = undefined;
      this._frameLoading = false;
      this._windowUrl = undefined;
      this._outcome = status.status;
      this._busy = false;
      // The card has done its work: it leaves memory and the inputs (a retry types it again).
      this._values = Object.fromEntries(
        Object.entries(this._values).filter(([name]) => !name.startsWith('card.')),
      );
      if (!PAID_STATUSES.includes(status.status)) this.#attemptKey = undefined; // a new attempt next time
      this.dispatchEvent(
        new CheckoutResultEvent({
          order_no: status.order_no ?? attempt.order_no,
          transaction_id: status.transaction_id,
          status: status.status,
        }),
      );
    } catch (error) {
      this.#fail(error);
    }
  }

  #fail(error: unknown): void {
    const failure =
      error instanceof CheckoutError ? error : new CheckoutError('error', String(error), true);
    clearTimeout(this.#frameTimer);
    this._busy = false;
    this._failure = failure;
    this.dispatchEvent(
      new CheckoutFailureEvent({
        code: failure.code,
        message: failure.message,
        retryable: failure.retryable,
      }),
    );
  }

  /**
   * Exactly what Pay sends besides the order reference and attempt key: the shopper fields, and
   * the device data the `data-collection` level allows (with the fingerprint only at `full`).
   */
  async collectedData(): Promise<{ shopper: Shopper; device: DeviceData }> {
    const device = collectDeviceData(this.dataCollection, this.#sessionId);
    const fingerprint = this.dataCollection === 'full' ? await this.#fingerprint : undefined;
    if (fingerprint) device.device_fingerprint = fingerprint;
    return { shopper: shopperOf(this._values), device };
  }

  protected override render() {
    const t = this.#messages;
    const failure = this._failure;
    // Paid (or in review): the result alone; nothing left to press or fill in.
    const settled = this._outcome !== undefined && PAID_STATUSES.includes(this._outcome);
    return html`
      <form part="form" novalidate @submit=${this.#onSubmit}>
        ${
          settled
            ? nothing
            : this.#fieldSpecs.map((field) =>
                renderField(field, {
                  texts: t,
                  value: this._values[field.name] ?? '',
                  error: this._errors[field.name],
                  required: this.#required.has(field.name),
                  locale: this.locale,
                  onInput: this.#onInput,
                }),
              )
        }
        ${
          settled
            ? nothing
            : html`<button
                part="pay-button"
                type="submit"
                ?disabled=${this._busy}
                aria-busy=${this._busy ? 'true' : 'false'}
              >
                ${this._busy ? t.paying : t.pay}
              </button>`
        }
        <p part="status" role="status" aria-live="polite">
          ${this._outcome ? t[outcomeText(this._outcome)] : ''}
        </p>
        ${
          failure
            ? html`<p part="failure" role="alert">${t[failureText(failure)]}</p>
                ${failure.retryable ? html`<button part="retry-button" type="submit">${t.retry}</button>` : nothing}`
            : nothing
        }
      </form>
      ${
        /* sandbox: scripts (the page submits itself), forms (the card form), same-origin (the
           service's page keeps its own origin for its cookies and 3-D Secure), popups (some
           3-D Secure and APM pages open one). Chromium warns that scripts + same-origin could
           lift the sandbox: only for a page of the storefront's own origin, and the one such
           page is the companion's own /pay page when it is mounted on the shop (our code, one
           use, then the service's cross-origin page); never srcdoc, never a third party's page.
           No top navigation: the frame can never move the storefront. */ ''
      }${
        this._frameLoading
          ? html`<p part="progress" role="status" aria-live="polite">${t.loading_page}</p>`
          : nothing
      }${
        this._frameUrl
          ? html`<iframe
              aria-busy=${this._frameLoading ? 'true' : 'false'}
              part="frame"
              src=${this._frameUrl}
              title=${t.frame_title}
              @load=${this.#onFrameLoad}
              sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
              allow="payment"
            ></iframe>`
          : nothing
      }
      ${this._windowUrl ? html`<button part="open-window-button" type="button" @click=${this.#openWindow}>${t.open_window}</button>` : nothing}
    `;
  }
}
