/**
 * Whether the shopper is signed in, asked of the companion as the element connects (checkout or
 * card mode; again if the companion changes): GET `WIDGET_ROUTES.savedCards` with the shop's cookies, which
 * the companion's resolveShopper reads. An anonymous shopper gets nothing more: no part, no UI.
 * For a signed-in one, the wallet part (wallet.ts) is loaded: their saved cards and "Save this
 * card for next time".
 */
import { html, nothing, type ReactiveController } from 'lit';
import { companionBase } from './saved-attempt.ts';
import type { SavedCardsResponse } from './contract.ts';
import { loadWallet } from './lazy.ts';
import type { RouteUrl } from './routes.ts';
import type { Wallet, WalletHost } from './wallet.ts';

export interface WalletControllerHost extends WalletHost {
  companion: string;
  mode: string;
}

export class WalletController implements ReactiveController {
  /** The signed-in shopper's wallet, once the companion said so and its part is here. */
  part: Wallet | undefined;

  readonly #host: WalletControllerHost;
  /** The companion asked (none in `apm` mode). */
  #asked = '';

  constructor(host: WalletControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostUpdate(): void {
    const { companion, mode } = this.#host;
    const asked = mode === 'apm' ? '' : companionBase(companion);
    if (asked === this.#asked) return;
    this.#asked = asked;
    this.part = undefined;
    if (asked) void this.#open(asked);
  }

  async #open(companion: string): Promise<void> {
    try {
      // The only widget call besides a saved card's payment that carries the shop's cookies.
      const url: RouteUrl<'savedCards'> = `${companion}/api/saved-cards`;
      const response = await fetch(url, { credentials: 'include' });
      const answer = (await response.json()) as SavedCardsResponse;
      if (answer.signed_in !== true) return;
      const { Wallet } = await loadWallet();
      if (companion !== this.#asked) return;
      this.part = new Wallet(this.#host, { html, nothing }, companion, answer.cards);
      this.#host.requestUpdate();
    } catch {
      // Unreachable, or an older companion: the shopper pays as an anonymous one.
    }
  }
}
