/**
 * The playground page's bundle (`/bundles/playground.js`, loaded by /playground alone): the
 * element from the package's ESM build, the playground around it in plain Lit, its styles a
 * constructed stylesheet. Its settings come from the page: the body's data attributes and the
 * `playground-data` JSON block. It starts once the page as it came has been painted.
 */
import 'acquiring-checkout';
import type { PlaygroundData } from './data.ts';
import { CheckoutPlayground } from './playground-element.ts';
import { styles } from './playground.styles.ts';

customElements.define('checkout-playground', CheckoutPlayground);
if (styles.styleSheet)
  document.adoptedStyleSheets = [...document.adoptedStyleSheets, styles.styleSheet];

/** Resolves once the browser has painted the page as it came: the playground's work comes after. */
const afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));

const page = document.body.dataset;
const data = JSON.parse(document.getElementById('playground-data')?.textContent ?? '{}');
void afterPaint().then(() => {
  const playground = new CheckoutPlayground({
    companion: page.companion ?? '',
    space: page.space,
    integrity: page.integrity ?? '',
    signedIn: page.shopper === undefined ? undefined : page.shopper === 'signed-in',
    data: data as PlaygroundData,
  });
  document.getElementById('playground')?.replaceChildren(playground);
});
