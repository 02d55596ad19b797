// Builds of the <acquiring-checkout> widget, by mode (scripts/build-widget.mjs runs all three):
// - esm: the npm module, with the fingerprint in a chunk of its own;
// - iife: one file for a script tag, Lit included, registering the element;
// - fingerprint: the module the script-tag build loads on demand from beside itself.
import { defineConfig } from 'vite';

export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  const fingerprint = mode === 'fingerprint';
  return {
    define: { __ACQUIRING_IIFE__: JSON.stringify(iife) },
    build: {
      outDir: 'dist',
      emptyOutDir: mode === 'esm',
      target: 'es2021',
      sourcemap: true,
      lib: {
        entry: fingerprint ? 'widget/fingerprint.ts' : 'widget/index.ts',
        name: 'AcquiringCheckout',
        formats: [iife ? 'iife' : 'es'],
        fileName: () =>
          iife
            ? 'acquiring-checkout.js'
            : fingerprint
              ? 'acquiring-checkout.fingerprint.js'
              : 'acquiring-checkout.esm.js',
      },
      rollupOptions: { output: { chunkFileNames: 'chunks/[name]-[hash].js' } },
    },
  };
});
