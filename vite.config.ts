// Builds of the <acquiring-checkout> widget (widget/): an ES module for npm and one IIFE file for
// a script tag. Lit is bundled in both, so a storefront needs nothing else.
import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    outDir: 'dist',
    target: 'es2021',
    sourcemap: true,
    lib: {
      entry: 'widget/index.ts',
      name: 'AcquiringCheckout',
      formats: ['es', 'iife'],
      fileName: (format) =>
        format === 'iife' ? 'acquiring-checkout.js' : 'acquiring-checkout.esm.js',
    },
  },
});
