/**
 * The SPA, React and playground pages' bundles. The compiled demo serves the ones `npm run build`
 * made (so it needs no esbuild at run time); from the sources they are bundled once at start.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_DIR, PREBUILT_BUNDLES } from './paths.ts';

/** esbuild's options for the two bundles, shared by the build (demo/build.mjs) and the start. */
export const BUNDLE_OPTIONS = {
  entryPoints: {
    spa: join(DEMO_DIR, 'spa/main.ts'),
    react: join(DEMO_DIR, 'spa/react-example.tsx'),
  },
  bundle: true,
  format: 'esm',
  minify: true,
  target: 'es2021',
  jsx: 'automatic',
  // Resolve 'acquiring-checkout' through node_modules and the package's exports, as a merchant's
  // bundler does, not through this repository's tsconfig paths to the sources.
  tsconfigRaw: {},
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'silent',
} as const;

/**
 * The playground's bundle, which only /playground loads: split, so that the widget's own lazy
 * parts (card, fingerprint, locales…) stay chunks loaded when the element asks for them.
 */
export const PLAYGROUND_BUNDLE_OPTIONS = {
  ...BUNDLE_OPTIONS,
  entryPoints: { playground: join(DEMO_DIR, 'playground/main.ts') },
  splitting: true,
  chunkNames: 'playground-[hash]',
} as const;

/**
 * The entry points' file names (`spa.js`, `react.js`, `playground.js`): the pages name them, so
 * they keep their names from build to build. Every other bundle is a chunk named by its content's
 * hash (`playground-[hash]`), which a browser may keep as long as it likes.
 */
export const ENTRY_FILES: ReadonlySet<string> = new Set(
  [BUNDLE_OPTIONS, PLAYGROUND_BUNDLE_OPTIONS].flatMap((options) =>
    Object.keys(options.entryPoints).map((name) => `${name}.js`),
  ),
);

/** The bundles by file name: prebuilt when `prebuilt` is set, else made now. */
export async function bundles(prebuilt: boolean): Promise<Record<string, string>> {
  if (prebuilt) {
    if (!existsSync(PREBUILT_BUNDLES))
      throw new Error('the demo is not built: run `npm run build` first');
    return Object.fromEntries(
      readdirSync(PREBUILT_BUNDLES).map((name) => [
        name,
        readFileSync(join(PREBUILT_BUNDLES, name), 'utf8'),
      ]),
    );
  }
  // A development dependency, loaded only when bundling at start.
  const { build } = await import('esbuild');
  const results = await Promise.all(
    [BUNDLE_OPTIONS, PLAYGROUND_BUNDLE_OPTIONS].map((options) =>
      build({ ...options, write: false, outdir: '/bundles' }),
    ),
  );
  return Object.fromEntries(
    results.flatMap((result) =>
      result.outputFiles.map((file) => [file.path.replace(/^.*\//, ''), file.text]),
    ),
  );
}
