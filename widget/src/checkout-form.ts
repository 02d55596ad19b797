/**
 * The element's form: which fields it shows and requires (the `fields` setting, the card in card
 * mode, the payer's document for a method that asks for one), what is wrong with the values, and
 * what a key or Pay does with them. The values and errors stay the element's reactive state; this
 * reads and writes them there.
 */
import { html, nothing, type ReactiveControllerHost } from 'lit';
import type { Card, Mode, PaymentOptions } from './attempt-request.ts';
import type { ChallengeWindowSize } from './contract.ts';
import type { DataCollection } from './device-data.ts';
import type { DeviceData, Shopper } from './protocol.ts';
import { CheckoutError } from './companion-client.ts';
import { CheckoutChangeEvent } from './events.ts';
import { countryOf, requiredNames, shopperOf, shownFields, validate } from './fields.ts';
import type { FieldSpec } from './fields.ts';
import type { Messages } from './messages.ts';
import type { PartsController } from './parts-controller.ts';
import { isBusy } from './attempt-state.ts';
import { renderForm } from './form-view.ts';
import { DOCUMENT_FIELD, needsPayerDocument } from './payer-document.ts';
import { chosenMethod, type Chosen, type ElementMode } from './payment-choice.ts';
import type { PaymentController } from './payment-controller.ts';
import type { SummaryController } from './summary-controller.ts';
import type { WalletController } from './wallet-controller.ts';

/** What the form reads of the element: its settings and its reactive state. */
export interface FormHost extends ReactiveControllerHost, HTMLElement {
  mode: ElementMode;
  paymentMethod: string;
  locale: string;
  fields: string;
  requiredFields: string | undefined;
  readonly renderRoot: HTMLElement | DocumentFragment;
  _values: Record<string, string>;
  _errors: Record<string, keyof Messages>;
  _chosen: Chosen;
}

export class CheckoutForm {
  readonly #host: FormHost;
  // The element's other controllers the form consults (positional and private: the script-tag
  // file's minifier shortens private names, never public ones).
  readonly #parts: PartsController;
  readonly #summary: SummaryController;
  readonly #wallet: WalletController;
  readonly #payment: PaymentController;
  /**
   * The 3-D Secure challenge window as Pay was pressed (challenge-window.ts), for that Pay's
   * request. Measured before Pay's first render: read later, as the request is put together, it
   * lays the element out once more in its "Paying…" state, which the payment page replaces in
   * the same moment (1 to 6 ms of the shopper's wait in WebKit, on the main thread the page
   * loading in the frame shares there).
   */
  #windowAtPay: ChallengeWindowSize | undefined;

  constructor(
    host: FormHost,
    parts: PartsController,
    summary: SummaryController,
    wallet: WalletController,
    payment: PaymentController,
  ) {
    this.#host = host;
    this.#parts = parts;
    this.#summary = summary;
    this.#wallet = wallet;
    this.#payment = payment;
  }

  /** Card fields are shown: card mode, unless a saved card is chosen. */
  get #typesCard(): boolean {
    return this.#host.mode === 'card' && !this.#wallet.part?.choice;
  }

  /** The payment method needs the payer's document (PIX: the CPF), as set or chosen (auto). */
  get #asksDocument(): boolean {
    const { mode, paymentMethod, _chosen } = this.#host;
    if (mode === 'apm') return needsPayerDocument(paymentMethod);
    const chosen = mode === 'auto' && chosenMethod(this.#summary.summary, _chosen);
    return !!chosen && chosen.flow === 'apm' && needsPayerDocument(chosen);
  }

  /** The fields shown, in order. */
  get #specs(): FieldSpec[] {
    const shown = shownFields(this.#host.fields.split(/\s+/).filter(Boolean), this.#typesCard);
    return this.#asksDocument ? [...shown, DOCUMENT_FIELD] : shown;
  }

  /** The names of the fields that must be filled. */
  get #required(): Set<string> {
    return requiredNames(this.#specs, this.#host.requiredFields, this.#typesCard);
  }

  /** What is wrong with the values, by field name (empty when Pay may go). */
  #check(): Record<string, keyof Messages> {
    const { schema, card } = this.#parts;
    const { _values } = this.#host;
    return validate(this.#specs, this.#required, _values, schema?.Shopper, (values) => ({
      ...(this.#typesCard ? card?.checkCard(values) : undefined),
      ...(this.#asksDocument ? schema?.checkPayer(values) : undefined),
    }));
  }

  /** The values as they stand pass every check. */
  get payable(): boolean {
    return Object.keys(this.#check()).length === 0;
  }

  /** An empty country field starts at the country the locale names, if any (`pt-BR` → Brazil). */
  defaultCountries(): void {
    const host = this.#host;
    const country = countryOf(host.locale);
    const empty = this.#specs.filter((f) => f.type === 'country' && !host._values[f.name]);
    if (country && empty.length > 0)
      host._values = {
        ...host._values,
        ...Object.fromEntries(empty.map((f) => [f.name, country])),
      };
  }

  /** A key in a field: the value formatted as typed, its error cleared once it is right. */
  #onInput = (event: Event): void => {
    const host = this.#host;
    const input = event.target as HTMLInputElement | HTMLSelectElement;
    const { card, schema } = this.#parts;
    let value = card?.formatField(input.name, input.value) ?? input.value;
    value = schema?.formatPayerField(input.name, value) ?? value;
    if (value !== input.value) input.value = value;
    host._values = { ...host._values, [input.name]: value };
    if (host._errors[input.name]) {
      const { [input.name]: _fixed, ...rest } = host._errors;
      const still = this.#check()[input.name];
      host._errors = still ? { ...rest, [input.name]: still } : rest;
    }
    host.dispatchEvent(new CheckoutChangeEvent({ valid: this.payable }));
  };

  /** Pay: the parts it needs, the form checked (focus on the first error), then the attempt. */
  #onSubmit = async (event: Event): Promise<void> => {
    event.preventDefault();
    const host = this.#host;
    const parts = this.#parts;
    const payment = this.#payment;
    if (!payment.canPay) return;
    // mode="auto" pays by the method the shopper saw: the summary's, once it is here.
    if (host.mode === 'auto') await Promise.all([this.#summary.arrived(), parts.loadChoices()]);
    // Usually here since the element connected; awaited only if not (a second press meanwhile
    // is the same press).
    const card = host.mode === 'card';
    if (!parts.readyToPay(card)) {
      try {
        if (!(await parts.loadToPay(card))) return;
      } catch {
        return payment.fail(
          new CheckoutError('unavailable', 'The form could not be loaded.', true),
        );
      }
    }
    host._errors = this.#check();
    if (Object.keys(host._errors).length > 0) {
      await host.updateComplete;
      host.renderRoot.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    // Out of the page while its parts loaded (an app's route changed): it pays for nothing.
    if (!host.isConnected) return;
    const typed: Card | undefined = this.#typesCard ? parts.card?.cardOf(host._values) : undefined;
    this.#windowAtPay = parts.schema?.challengeWindowOf(host);
    try {
      await payment.pay(this.#wallet.part?.choice ?? typed);
    } finally {
      this.#windowAtPay = undefined;
    }
  };

  /** What the mode's request carries besides the collected data (the element's `paymentOptions`). */
  paymentOptions(mode: Mode): PaymentOptions {
    const part = this.#parts.schema; // here since Pay: Pay awaits it
    if (mode === 'apm')
      return { payer: this.#asksDocument ? part?.payerOf(this.#host._values) : undefined };
    return {
      challenge_window_size: this.#windowAtPay ?? part?.challengeWindowOf(this.#host),
      save_card: this.#wallet.part?.saveCard,
    };
  }

  /** The shopper fields and the device data `level` allows (the element's `collectedData`). */
  async collectedData(
    level: DataCollection,
    sessionId: string,
  ): Promise<{ shopper: Shopper; device: DeviceData }> {
    const parts = this.#parts;
    // In the schema part, with what else Pay needs: here by Pay (or a session prepared before it).
    const { collectDeviceData } = await parts.loadSchema();
    const device = collectDeviceData(level, sessionId);
    const fingerprint = level === 'full' ? await parts.fingerprint : undefined;
    if (fingerprint) device.device_fingerprint = fingerprint;
    return { shopper: shopperOf(this.#host._values), device };
  }

  /** The form as it stands; `messages` are the page's own texts (`texts` has them merged). */
  render(texts: Messages, messages: Partial<Messages>) {
    const host = this.#host;
    const parts = this.#parts;
    const payment = this.#payment;
    const { attempt } = payment;
    const summary = this.#summary.summary;
    const money = parts.schema;
    // A page's own `pay` text wins over the amount, unless it gives `pay_amount` too.
    const own = messages.pay !== undefined && messages.pay_amount === undefined;
    return renderForm({
      texts,
      fields: this.#specs,
      values: host._values,
      errors: host._errors,
      required: this.#required,
      locale: host.locale,
      mode: host.mode,
      attempt,
      // Worded by the schema part (asked for at connect): plain "Pay" until it is here.
      payLabel: (!own && money?.payLabel(texts, summary, host.locale)) || texts.pay,
      amount: summary && money?.formatMoney(summary.amount, summary.currency, host.locale),
      choices: parts.choices?.renderChoices({ html, nothing }, host, {
        texts,
        summary,
        busy: isBusy(attempt),
      }),
      brand: parts.card?.cardBrand(host._values['card.number'] ?? ''),
      onInput: this.#onInput,
      onSubmit: this.#onSubmit,
      onContinue: () => void payment.continue(),
      savedCards: this.#wallet.part?.list(texts),
      saveCard: this.#wallet.part?.footer(texts),
    });
  }
}
