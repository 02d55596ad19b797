// Builds of the `acquiring-checkout` package, by mode (build.mjs runs them all):
// - esm: the npm module and the contract, Lit left external so apps keep one copy of it; the
//   fingerprint and card parts become chunks of their own;
// - iife: one file for a script tag, Lit included, registering the element;
// - fingerprint, card, schema, choices, wallet, locales: the parts the script-tag build loads on demand from
//   beside itself (acquiring-checkout.<part>.js, acquiring-checkout.locale-<tag>.js).
// No source maps: the package ships readable, unminified-enough ESM, and maps would triple it.
import { readdirSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

/** Lit and its packages: the app's own copy, never a bundled second one (Trusted Types policy). */
const LIT = /^(lit|lit-html|lit-element|@lit\/reactive-element|@lit-labs\/ssr-dom-shim)(\/.*)?$/;

/**
 * A stylesheet's text (a css`` literal's) without its comments and layout whitespace. An
 * interpolation (`${page} .stage`) is set aside while the rest is minified: its closing brace is
 * no rule's, and the space after it may be a descendant combinator (taken as the end of a rule,
 * it was eaten: `${page}.stage`, and on a phone the payment page's frame kept its height).
 */
export function minifyStyleText(text: string): string {
  const held: string[] = [];
  const kept = text.replace(/\$\{[^}]*\}/g, (part) => `__held${held.push(part) - 1}__`);
  return (
    kept
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\s+/g, ' ')
      .replace(/\s*([{};,>])\s*/g, '$1')
      .replace(/:\s+/g, ':')
      // A rule's last declaration needs no semicolon, a name in [part='name'] no quotes, and a
      // fraction no leading zero (36 bytes gzip of the script-tag file, measured).
      .replace(/;}/g, '}')
      .replace(/='([a-zA-Z][\w-]*)'\]/g, '=$1]')
      .replace(/(?<![\w.])0\.(\d)/g, '.$1')
      .trim()
      .replace(/__held(\d+)__/g, (_, i: string) => held[Number(i)] ?? '')
  );
}

/**
 * The element's stylesheets (src/*.styles.ts, css`` literals) minified (`minifyStyleText`): the
 * script-tag file carries them before the first paint, and the minifier leaves template literals
 * as they are. The source stays readable.
 */
function minifyStyles(): Plugin {
  return {
    name: 'acquiring-minify-styles',
    transform(code, id) {
      if (!id.endsWith('.styles.ts')) return undefined;
      return code.replace(/css`([^`]*)`/g, (_, text: string) => `css\`${minifyStyleText(text)}\``);
    },
  };
}

/** An ESTree node, as `this.parse` gives it: walked for its tagged templates. */
interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/**
 * The element's templates (html`` and svg`` literals) without their layout whitespace: a run of
 * whitespace across a line break becomes one space, which HTML renders as the run itself (no
 * template here is preformatted); and none before a tag's closing `>` on a line of its own (in
 * these templates such a line only ever ends a tag: `${value} >` becomes `${value}>`; never
 * before `/>`, which an unquoted value would take as its own). 79 bytes gzip of the script-tag
 * file, the tag ends 3 more.
 */
export function minifyTemplateText(text: string): string {
  return text.replace(/\s*\n\s*(?=>)/g, '').replace(/\s*\n\s*/g, ' ');
}

/**
 * The element's modules with their templates' text minified (`minifyTemplateText`). Runs after
 * TypeScript is compiled, on the module's syntax tree, so an expression inside a template is never
 * touched.
 */
function minifyTemplates(): Plugin {
  const isNode = (value: unknown): value is Node =>
    typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';
  const quasis = (node: Node, found: Node[]): Node[] => {
    const tag = node.tag as Node | undefined;
    if (node.type === 'TaggedTemplateExpression' && tag?.type === 'Identifier' && /^(html|svg)$/.test(String(tag.name)))
      found.push(...((node.quasi as Node).quasis as Node[]));
    for (const value of Object.values(node))
      for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) quasis(child, found);
    return found;
  }; // prettier-ignore
  return {
    name: 'acquiring-minify-templates',
    enforce: 'post',
    transform(code, id) {
      if (!/\/widget\/src\/.*\.ts$/.test(id) || !/\b(html|svg)`/.test(code)) return undefined;
      let out = code;
      // From the end, so the earlier positions still hold.
      for (const quasi of quasis(this.parse(code) as unknown as Node, []).reverse())
        out =
          out.slice(0, quasi.start) +
          minifyTemplateText(out.slice(quasi.start, quasi.end)) +
          out.slice(quasi.end);
      return { code: out, map: null };
    },
  };
}

export default defineConfig(({ mode }) => {
  const iife = mode === 'iife';
  const esm = mode === 'esm';
  const part = ['fingerprint', 'card', 'schema', 'choices', 'wallet'].includes(mode)
    ? mode
    : undefined;
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
            ? `src/${part === 'schema' ? 'pay-part' : part}.ts`
            : 'src/script.ts',
        };
  return {
    define: { __ACQUIRING_IIFE__: JSON.stringify(iife) },
    plugins: [minifyStyles(), minifyTemplates()],
    build: {
      outDir: 'dist',
      emptyOutDir: esm,
      // ES2022 keeps class fields and #private members as they are: lowered to ES2021 they cost
      // the script-tag file about 1 kB gzip of WeakMap helpers. Browsers: see the docs (docs/site/widget/README.md).
      target: 'es2022',
      sourcemap: false,
      lib: { entry, name: 'AcquiringCheckout', formats: [iife ? 'iife' : 'es'] },
      rollupOptions: {
        external: esm ? (id: string) => LIT.test(id) : [],
        output: { entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  };
});
