// Builds of the <acquiring-checkout> widget, by mode (scripts/build-widget.mjs runs them all):
// - esm: the npm module, with the fingerprint and card parts in chunks of their own;
// - iife: one file for a script tag, Lit included, registering the element;
// - fingerprint, card: the parts the script-tag build loads on demand from beside itself.
import { defineConfig } from 'vite';

export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  const part = mode === 'fingerprint' || mode === 'card' ? mode : undefined;
  return {
    define: { __ACQUIRING_IIFE__: JSON.stringify(iife) },
    build: {
      outDir: 'dist',
      emptyOutDir: mode === 'esm',
      target: 'es2021',
      sourcemap: true,
      lib: {
        entry: part ? `widget/${part}.ts` : 'widget/index.ts',
        name: 'AcquiringCheckout',
        formats: [iife ? 'iife' : 'es'],
        fileName: () =>
          iife
            ? 'acquiring-checkout.js'
            : part
              ? `acquiring-checkout.${part}.js`
              : 'acquiring-checkout.esm.js',
      },
      rollupOptions: { output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  };
});
