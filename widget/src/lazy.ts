/**
 * Parts of the widget loaded only when used: the fingerprint (`data-collection="full"`), the
 * card fields (`mode="card"`), the shopper's choices (instalments, `mode="auto"`'s methods),
 * every locale but English, the form's checks (zod/mini, fetched as the element connects,
 * awaited at Pay), and a signed-in shopper's wallet. The npm build imports them as chunks of
 * their own; the script-tag build (one IIFE file, which cannot split) fetches
 * `acquiring-checkout.<part>.js` from beside itself, so the tag stays small.
 */
import type { Messages } from './messages-type.ts';

declare const __ACQUIRING_IIFE__: boolean;

// Read while the script tag runs: afterwards document.currentScript is gone.
const scriptUrl =
  __ACQUIRING_IIFE__ && typeof document !== 'undefined'
    ? (document.currentScript as HTMLScriptElement | null)?.src
    : undefined;

function beside<T>(part: string): Promise<T> {
  if (!scriptUrl)
    return Promise.reject(new Error(`cannot tell where acquiring-checkout.${part}.js is`));
  return import(
    /* @vite-ignore */ new URL(`acquiring-checkout.${part}.js`, scriptUrl).href
  ) as Promise<T>;
}

export function loadFingerprint(): Promise<string> {
  const module = __ACQUIRING_IIFE__
    ? beside<typeof import('./fingerprint.ts')>('fingerprint')
    : import('./fingerprint.ts');
  return module.then((m) => m.deviceFingerprint()).catch(() => '');
}

export function loadCard(): Promise<typeof import('./card.ts')> {
  return __ACQUIRING_IIFE__ ? beside<typeof import('./card.ts')>('card') : import('./card.ts');
}

/** A locale's texts (`fr`, `pt-BR`…); `locale` is one of messages.ts's LOCALES. */
export function loadLocale(locale: string): Promise<Messages> {
  const module = __ACQUIRING_IIFE__
    ? beside<{ default: Messages }>(`locale-${locale}`)
    : (import(`./locales/${locale}.ts`) as Promise<{ default: Messages }>);
  return module.then((m) => m.default);
}

/**
 * What Pay needs (pay-part.ts): the form's checks (the shopper schema in zod/mini, most of the
 * size; the payer's document) and the challenge window's size.
 */
export function loadSchema(): Promise<typeof import('./pay-part.ts')> {
  return __ACQUIRING_IIFE__
    ? beside<typeof import('./pay-part.ts')>('schema')
    : import('./pay-part.ts');
}

/** A signed-in shopper's saved cards and "Save this card" (wallet.ts). */
export function loadWallet(): Promise<typeof import('./wallet.ts')> {
  return __ACQUIRING_IIFE__
    ? beside<typeof import('./wallet.ts')>('wallet')
    : import('./wallet.ts');
}

/** The instalments select and the methods' radio group: only for an order that offers a choice. */
export function loadChoices(): Promise<typeof import('./choices.ts')> {
  return __ACQUIRING_IIFE__
    ? beside<typeof import('./choices.ts')>('choices')
    : import('./choices.ts');
}
