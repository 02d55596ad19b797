import { html, LitElement, nothing, type PropertyValues } from 'lit';
import type { Choice } from './attempt-request.ts';
import type { DeviceData, Shopper } from './protocol.ts';
import type { DataCollection } from './device-data.ts';
import { newSessionId, warmTimeZone } from './device-session.ts';
import { CheckoutReadyEvent } from './events.ts';
import { countryOf } from './fields.ts';
import { isRightToLeft, type Messages } from './messages.ts';
import { SchemeController, type Theme } from './color-scheme.ts';
import { PartsController } from './parts-controller.ts';
import { PaymentController } from './payment-controller.ts';
import { isBusy } from './attempt-state.ts';
import { hasChoices, type Chosen } from './payment-choice.ts';
import { SummaryController } from './summary-controller.ts';
import { styles } from './checkout-element.styles.ts';
import { applyAppearance, type Appearance } from './appearance.ts';
import type { Mode, PaymentOptions } from './attempt-request.ts';
import { WalletController } from './wallet-controller.ts';
import { CheckoutForm } from './checkout-form.ts';
import { checkoutDefaults } from './checkout-defaults.ts';

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
 * @event acquiring-result - The payment ended: `detail.order_no`, `detail.transaction_id`, `detail.status`, and `detail.resumed: true` for an attempt started before this page loaded.
 * @event acquiring-failure - The attempt failed: `detail.code`, `detail.message`, `detail.retryable`.
 *
 * @csspart form - The form.
 * @csspart field - A label, its input and its error.
 * @csspart label - A field's label.
 * @csspart input - A field's input or select.
 * @csspart error-message - A field's error text, once Pay found one.
 * @csspart pay-button - The Pay button.
 * @csspart continue-button - Continue your payment: an attempt left under way by a reload or a redirect.
 * @csspart card-brand - The card's brand (`Visa`…), at the end of the card number's label once the digits tell it.
 * @csspart retry-button - The Pay button after a failure that may pass, reading "Try again".
 * @csspart status - The sentence saying how the payment ended (in `notice`, `failure` or `result`).
 * @csspart failure - Above Pay: why the payment failed or was declined, in the error colour.
 * @csspart notice - Above Pay: a neutral word on the payment (it was cancelled).
 * @csspart amount - Under the result: the order's amount, as the companion told it.
 * @csspart result - In place of the form once paid or in review: a mark and the sentence.
 * @csspart payment-page - The hosted payment page with its bar, in place of the form while it is up.
 * @csspart payment-bar - Above the payment page: the back button and the shopper's email.
 * @csspart back-button - Leaves the payment page for the form; Pay goes on with the same attempt.
 * @csspart summary - The shopper's email in the payment bar: whose details the page was opened with.
 * @csspart progress - Shown over the frame while the payment page loads into it.
 * @csspart frame - The hosted payment page's frame.
 * @csspart open-window-button - Opens the payment page in a window, when the frame cannot be used.
 * @csspart methods - mode="auto": the ways to pay, a radio group (its legend is a `label` part).
 * @csspart method - One way to pay: its radio button and name.
 * @csspart instalment-note - Under the instalments: the chosen offer whole, when its first payment differs (the cents left over).
 * @csspart saved-cards - A signed-in shopper's saved cards (a fieldset, its legend a `label` part), above the fields.
 * @csspart saved-card - One choice in `saved-cards`: a saved card with its Remove button, or "Use a new card".
 * @csspart remove-card-button - Removes a saved card (its name is "Remove", described by the card).
 * @csspart save-card - "Save this card for next time": the checkbox and its label, for a new card.
 * @csspart saved-cards-message - What removing a card said ("Card removed."), announced as a status.
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
 * @cssproperty --acquiring-success - Colour of the paid result's check mark.
 * @cssproperty --acquiring-radius - Corner radius.
 * @cssproperty --acquiring-gap - Space between fields.
 * @cssproperty --acquiring-padding - Space inside the element's edge: none on the page's own
 *   background (the light default), 1.25rem when the element paints its own (dark, or an
 *   `appearance` with a background).
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
    _values: { state: true },
    _errors: { state: true },
    _chosen: { state: true },
  };

  #sessionId = '';
  #becameReady: () => void = () => undefined;
  #ready = new Promise<void>((resolve) => (this.#becameReady = resolve));
  readonly #parts = new PartsController(this);
  readonly #scheme = new SchemeController(this);
  // The country ranks the methods, so it asks again only when they are shown (mode="auto").
  readonly #summary = new SummaryController(this, () => ({
    country: this._values['billing.country'] || countryOf(this.locale),
    ranked: this.mode === 'auto',
  }));
  readonly #wallet = new WalletController(this);
  // The card has done its work once the outcome is known: it leaves memory and the inputs (a
  // retry types it again).
  readonly #payment = new PaymentController(this, () => {
    this._values = Object.fromEntries(
      Object.entries(this._values).filter(([name]) => !name.startsWith('card.')),
    );
  });
  readonly #form = new CheckoutForm(this, this.#parts, this.#summary, this.#wallet, this.#payment);

  /** @internal */
  declare _values: Record<string, string>;
  /** @internal */
  declare _errors: Record<string, keyof Messages>;
  /** @internal What the shopper chose: the method (mode="auto") and the instalments. */
  declare _chosen: Chosen;

  /**
   * The companion's address: its origin (`https://pay.shop.example`), with the path it is
   * mounted at if any (`https://shop.example/payments`).
   */
  declare companion: string;
  /** The merchant's order reference; the companion resolves the amount from it. */
  declare orderRef: string;
  /**
   * `checkout` (hosted page in a frame), `apm` (redirect to the payment method), `card`, or
   * `auto`: the ways to pay the companion ranks for the order and the shopper, to choose from.
   */
  declare mode: 'checkout' | 'apm' | 'card' | 'auto';
  /** In `apm` mode, the payment method to pay with, e.g. `pix`. */
  declare paymentMethod: string;
  /** In `apm` mode, the shopper's bank, for the methods that ask for one. */
  declare bankCode: string;
  /** The language of the form's text, a BCP 47 tag (`en`, `pt-BR`, `ar`); sets `lang` and `dir` too. */
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
  /**
   * How long the payment page may take to load in the frame, in ms; the clock runs while the
   * element is in the document, and starts again when it is put back.
   */
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

  // Lit's accessors are on the prototype: class fields would shadow them (useDefineForClassFields),
  // so the properties are declared above and get their defaults here (checkout-defaults.ts).
  constructor() {
    super();
    Object.assign(this, checkoutDefaults() satisfies Partial<AcquiringCheckout>);
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.#sessionId ||= newSessionId();
    warmTimeZone();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('shopper')) this._values = { ...this.shopper, ...this._values };
    if (changed.has('mode') && this.mode === 'card') this.#parts.loadCard().catch(() => undefined);
    if (hasChoices(this.mode, this.#summary.summary)) void this.#parts.loadChoices();
    if (changed.has('locale')) {
      // The language too, not just the direction: read aloud as Portuguese or Arabic (WCAG 3.1.2).
      this.setAttribute('lang', this.locale);
      this.setAttribute('dir', isRightToLeft(this.locale) ? 'rtl' : 'ltr');
      this.#parts.loadTexts(this.locale);
    }
    if (changed.has('locale') || changed.has('fields')) this.#form.defaultCountries();
    if (changed.has('theme')) this.#scheme.apply();
    if (changed.has('appearance')) applyAppearance(this, this.appearance);
  }

  protected override firstUpdated(): void {
    this.#becameReady();
    this.dispatchEvent(new CheckoutReadyEvent());
  }

  /**
   * Whatever changed (a key, a choice, a prefill, a part or the summary arriving, an attempt
   * ending), the session Pay would start is started ahead while the form is valid
   * (payment-controller.ts). A saved card chosen pays without one.
   */
  protected override updated(): void {
    const valid = !this.#wallet.part?.choice && this.#form.payable;
    this.#payment.prepare(valid, this.#parts.schema);
  }

  /**
   * An update is complete once its parts are here too (texts, schema, the card part) and the
   * order's summary, with the choices part it may call for.
   */
  protected override async getUpdateComplete(): Promise<boolean> {
    let result = await super.getUpdateComplete();
    // What they brought is rendered before the update counts as complete; the summary may ask
    // for the choices part, hence a second round.
    for (let round = 0; round < 2; round++) {
      const arrived = await Promise.all([this.#parts.arrived(), this.#summary.arrived()]);
      if (arrived.includes(true)) result = await super.getUpdateComplete();
    }
    return result;
  }

  /**
   * @internal What Pay sends besides the collected data (attempt-request.ts): the challenge
   * window the frame has room for and the shopper's "Save this card" (card and checkout), the
   * payer's document (apm).
   */
  paymentOptions(mode: Mode): PaymentOptions {
    return this.#form.paymentOptions(mode);
  }

  /**
   * Resolves once the form can be used (when `acquiring-ready` fires), also for code that starts
   * listening after the event: `await el.ready`.
   */
  get ready(): Promise<void> {
    return this.#ready;
  }

  /** @internal The schema part (payment-controller.ts): asked for at connect, awaited at Pay. */
  _schemaPart() {
    return this.#parts.loadSchema();
  }

  /** @internal How the shopper pays: the mode's flow or the method chosen, and instalments. */
  _choice(): Choice {
    const part = this.#parts.choices;
    if (part) return part.choiceOf(this, this.#summary.summary);
    return {
      mode: this.mode === 'auto' ? 'checkout' : this.mode,
      paymentMethod: this.paymentMethod,
    };
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
    if (isBusy(this.#payment.attempt)) return;
    this.#payment.reset();
    this._values = { ...this.shopper };
    this._errors = {};
    this._chosen = {};
  }

  /**
   * Exactly what Pay sends besides the order reference and attempt key: the shopper fields, and
   * the device data the `data-collection` level allows (with the fingerprint only at `full`).
   */
  collectedData(): Promise<{ shopper: Shopper; device: DeviceData }> {
    return this.#form.collectedData(this.dataCollection, this.#sessionId);
  }

  protected override render() {
    const texts = { ...this.#parts.texts, ...this.messages };
    const { frame } = this.#payment;
    // While the payment page is up, it takes the form's place: the details it was opened with
    // can no longer change (the email says whose they are), and the page is in view.
    return html`
      ${frame.open ? nothing : this.#form.render(texts, this.messages)}
      ${frame.render(texts, this._values.email ?? '')}
    `;
  }
}
