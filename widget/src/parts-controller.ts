/**
 * The element's lazy parts (lazy.ts): the shopper schema, the card part, the shopper's choices,
 * the locale's texts and the fingerprint. Each is asked for when it may be needed and never holds the first paint back;
 * an update counts as complete only once the parts on their way have arrived and been rendered.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { DataCollection } from './device-data.ts';
import { loadCard, loadChoices, loadFingerprint, loadSchema } from './lazy.ts';
import { english, loadedMessages, loadMessages, type Messages } from './messages.ts';

type CardPart = typeof import('./card.ts');
type ChoicesPart = typeof import('./choices.ts');
type SchemaPart = typeof import('./pay-part.ts');

/** What the parts depend on: the host's data-collection level. */
export interface PartsHost extends ReactiveControllerHost {
  dataCollection: DataCollection;
  readonly renderRoot: HTMLElement | DocumentFragment;
}

export class PartsController implements ReactiveController {
  /** The card part, once here (card mode only). */
  card: CardPart | undefined;
  /** The instalments select and the methods' radio group, once here (when there is a choice). */
  choices: ChoicesPart | undefined;
  /** The shopper schema, once here. */
  schema: SchemaPart | undefined;
  /** The locale's texts, once loaded (English until then). */
  texts: Messages = english;

  readonly #host: PartsHost;
  #locale = '';
  #texts: Promise<Messages> | undefined;
  #card: Promise<CardPart> | undefined;
  #choices: Promise<ChoicesPart | undefined> | undefined;
  #schema: Promise<SchemaPart> | undefined;
  #fingerprint: Promise<string> | undefined;
  #loadingToPay = false;

  constructor(host: PartsHost) {
    this.#host = host;
    host.addController(this);
  }

  hostConnected(): void {
    this.loadSchema().catch(() => undefined);
    // Started now, in its own chunk, so it is usually ready by Pay; it never holds the form back.
    if (this.#host.dataCollection === 'full') this.#fingerprint ??= loadFingerprint();
  }

  /** The fingerprint, at `full` data collection: on its way since the element connected. */
  get fingerprint(): Promise<string> | undefined {
    return this.#fingerprint;
  }

  /** The shopper schema (and Pay's words for the amount): asked for at connect, awaited at Pay. */
  loadSchema(): Promise<SchemaPart> {
    this.#schema ??= loadSchema().then(
      (module) => {
        this.#adopt(module.paymentPageStyles.styleSheet);
        this.#host.requestUpdate(); // Pay's words for the amount come with it
        return (this.schema = module);
      },
      (error: unknown) => {
        this.#schema = undefined; // the next Pay asks again
        throw error;
      },
    );
    return this.#schema;
  }

  /** Card mode's checks come in a part of their own; the default checkout never loads it. */
  loadCard(): Promise<CardPart> {
    this.#card ??= loadCard().then((module) => (this.card = module));
    return this.#card;
  }

  /**
   * The shopper's choices, asked for once there is one to make; its styles join the element's.
   * Without it (it failed to load), Pay still pays by the first method, in a single payment.
   */
  loadChoices(): Promise<ChoicesPart | undefined> {
    this.#choices ??= loadChoices().then(
      (module) => {
        this.#adopt(module.styleSheet());
        this.#host.requestUpdate();
        return (this.choices = module);
      },
      () => undefined,
    );
    return this.#choices;
  }

  /** A part's styles join the element's (browsers without constructed sheets go unstyled). */
  #adopt(sheet: CSSStyleSheet | undefined): void {
    const root = this.#host.renderRoot;
    if (sheet && root instanceof ShadowRoot)
      root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }

  /** The locale's texts: at once if loaded, else English until they arrive (a part of their own). */
  loadTexts(locale: string): void {
    this.#locale = locale;
    const here = loadedMessages(locale);
    if (here) {
      this.texts = here;
      this.#texts = undefined;
      return;
    }
    this.#texts = loadMessages(locale).then((texts) => {
      if (this.#locale === locale) {
        this.texts = texts;
        this.#host.requestUpdate();
      }
      return texts;
    });
  }

  /** Whether Pay can check the form at once: the schema is here, and the card part if `card`. */
  readyToPay(card: boolean): boolean {
    return this.schema !== undefined && (!card || this.card !== undefined);
  }

  /**
   * Loads what Pay needs. False when a press is already waiting for them (a second press meanwhile
   * is the same press); rejects when a part cannot be loaded.
   */
  async loadToPay(card: boolean): Promise<boolean> {
    if (this.#loadingToPay) return false;
    this.#loadingToPay = true;
    try {
      await Promise.all([this.loadSchema(), card ? this.loadCard() : undefined]);
      return true;
    } finally {
      this.#loadingToPay = false;
    }
  }

  /**
   * Waits for the parts asked for (texts, card, schema, choices; a failed one counts as arrived). False
   * when none was, so the host's update is complete as it stands.
   */
  async arrived(): Promise<boolean> {
    const [texts, card, schema, choices] = [this.#texts, this.#card, this.#schema, this.#choices];
    if (!texts && !card && !schema && !choices) return false;
    await Promise.all([
      texts,
      card?.catch(() => undefined),
      schema?.catch(() => undefined),
      choices,
    ]);
    return true;
  }
}
