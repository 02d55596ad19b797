/**
 * The build's template minifier (widget/vite.config.ts): a template's text loses its layout
 * whitespace, and a tag's closing `>` on a line of its own the space before it; `/>` keeps it,
 * or an unquoted value before it (`value=${v}/>`) would take the slash as its own.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { minifyTemplateText } from '../../../widget/vite.config.ts';

describe('the build’s template minifier', () => {
  it('folds a run of whitespace across a line break into one space', () => {
    const text = '<button\n      part="pay-button"\n      type="submit"\n      aria-busy=';
    assert.equal(minifyTemplateText(text), '<button part="pay-button" type="submit" aria-busy=');
  });

  it('drops the run before a tag’s closing `>`, and keeps one before `/>`', () => {
    // The text between two expressions: `aria-busy=${busy}\n>\n${label}\n</button>`.
    assert.equal(minifyTemplateText('\n    >\n      '), '> ');
    assert.equal(minifyTemplateText('\n    />'), ' />');
    assert.equal(minifyTemplateText('ok  \n  </p>'), 'ok </p>');
    assert.equal(minifyTemplateText('a b'), 'a b', 'no line break: as written');
  });
});
