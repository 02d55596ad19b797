/**
 * The build's style minifier (widget/vite.config.ts): the stylesheets lose their comments and
 * layout whitespace, and keep what the browser reads. An interpolation's closing brace once
 * passed for a rule's end, and the descendant combinator after it went: `${page} .stage` became
 * `${page}.stage`, and on a phone the shown payment page's frame kept its 560 px height.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { minifyStyleText } from '../../../widget/vite.config.ts';

describe('the build’s style minifier', () => {
  it('drops comments and layout whitespace', () => {
    const text = `
      /* the frame */
      [part='frame'] {
        height: 100%;
        opacity: 0.5;
      }
      a > b , c { color: red; }`;
    assert.equal(minifyStyleText(text), '[part=frame]{height:100%;opacity:.5}a>b,c{color:red}');
  });

  it('keeps the combinator after an interpolation, and the interpolation as written', () => {
    const text = `
      \${page} {
        display: flex;
      }
      \${page} .stage { flex: 1; }
      \${page} [part='frame'] { height: 100%; }
      @media \${unsafeCSS(PHONE)} {
        \${wholeScreen(unsafeCSS("[part='payment-page'][inert]"))}
      }`;
    assert.equal(
      minifyStyleText(text),
      '${page}{display:flex}${page} .stage{flex:1}${page} [part=frame]{height:100%}' +
        `@media \${unsafeCSS(PHONE)}{\${wholeScreen(unsafeCSS("[part='payment-page'][inert]"))}}`,
    );
  });
});
