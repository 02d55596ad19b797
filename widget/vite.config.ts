// Builds of the `acquiring-checkout` package, by mode (build.mjs runs them all):
// - esm: the npm module and the contract, Lit left external so apps keep one copy of it; the
//   fingerprint and card parts become chunks of their own;
// - iife: one file for a script tag, Lit included, registering the element;
// - fingerprint, card, schema, choices, locales: the parts the script-tag build loads on demand from
//   beside itself (acquiring-checkout.<part>.js, acquiring-checkout.locale-<tag>.js).
// No source maps: the package ships readable, unminified-enough ESM, and maps would triple it.
import { readdirSync } from 'node:fs';
import { defineConfig } from 'vite';

/** Lit and its packages: the app's own copy, never a bundled second one (Trusted Types policy). */
const LIT = /^(lit|lit-html|lit-element|@lit\/reactive-element|@lit-labs\/ssr-dom-shim)(\/.*)?$/;

export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  const esm = mode === 'esm';
  const part = ['fingerprint', 'card', 'schema', 'choices'].includes(mode) ? mode : undefined;
  const locales = Object.fromEntries(
    readdirSync('src/locales').map((file) => [
      `acquiring-checkout.locale-${file.replace(/\.ts$/, '')}`,
      `src/locales/${file}`,
    ]),
  );
  const entry = esm
    ? { 'acquiring-checkout.esm': 'src/index.ts', contract: 'src/contract.ts' }
    : mode === 'locales'
      ? locales
      : {
          [part ? `acquiring-checkout.${part}` : 'acquiring-checkout']: part
            ? `src/${part === 'schema' ? 'shopper-schema' : part}.ts`
            : 'src/script.ts',
        };
  return {
    define: { __ACQUIRING_IIFE__: JSON.stringify(iife) },
    build: {
      outDir: 'dist',
      emptyOutDir: esm,
      target: 'es2021',
      sourcemap: false,
      lib: { entry, name: 'AcquiringCheckout', formats: [iife ? 'iife' : 'es'] },
      rollupOptions: {
        external: esm ? (id: string) => LIT.test(id) : [],
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  };
});
