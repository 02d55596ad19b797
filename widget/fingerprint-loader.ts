/**
 * Where the fingerprint code comes from. The npm build imports it as a chunk of its own; the
 * script-tag build (one IIFE file, which cannot split) fetches the separate module
 * `acquiring-checkout.fingerprint.js` from beside itself, so the tag stays small.
 */
declare const __ACQUIRING_IIFE__: boolean;

// Read while the script tag runs: afterwards document.currentScript is gone.
const scriptUrl =
  __ACQUIRING_IIFE__ && typeof document !== 'undefined'
    ? (document.currentScript as HTMLScriptElement | null)?.src
    : undefined;

export function loadFingerprint(): Promise<string> {
  if (__ACQUIRING_IIFE__) {
    if (!scriptUrl) return Promise.resolve('');
    const url = new URL('acquiring-checkout.fingerprint.js', scriptUrl).href;
    return (import(/* @vite-ignore */ url) as Promise<typeof import('./fingerprint.ts')>).then(
      (m) => m.deviceFingerprint(),
    );
  }
  return import('./fingerprint.ts').then((m) => m.deviceFingerprint());
}
