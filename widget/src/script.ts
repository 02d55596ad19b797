/**
 * `acquiring-checkout/script`: the script-tag build (one IIFE file, Lit inside). Loading it
 * registers `<acquiring-checkout>` and exposes this module as `window.AcquiringCheckout`.
 */
import { defineAcquiringCheckout } from './define.ts';
import type * as api from './index.ts';

export * from './index.ts';

// Here as well as in index.ts: package.json#sideEffects names only the built files, so the
// bundler treats index.ts as free of side effects when it is not the entry, and drops its call.
defineAcquiringCheckout();

declare global {
  interface Window {
    /** The script-tag build's exports (`AcquiringCheckout.defineAcquiringCheckout('my-tag')`). */
    AcquiringCheckout: typeof api;
  }
}
