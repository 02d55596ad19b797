/**
 * A format shown inside right-to-left text reads as written: `000.000.000-00` in an Arabic
 * sentence would show its digit groups swapped (digits after Arabic letters are Arabic numbers,
 * and a `-` between them does not join them), so every such run is isolated left to right
 * (U+2066 … U+2069), as money.ts isolates amounts. Checked on every right-to-left locale's texts.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { isRightToLeft } from '../../../widget/src/direction.ts';

const LOCALES = new URL('../../../widget/src/locales/', import.meta.url);
/** Digits (or a format's zeros) joined by a `-` or `/` with more digits: a format or a number. */
const FORMAT = /\d[\d.]*[-/]\d[\d.\-/]*/g;

const rtl = readdirSync(LOCALES)
  .map((file) => file.replace(/\.ts$/, ''))
  .filter(isRightToLeft);

describe('formats in right-to-left texts', () => {
  it('there are right-to-left locales to check', () => assert.ok(rtl.length >= 2, String(rtl)));
  for (const locale of rtl)
    it(`${locale}: every format of digits is isolated left to right`, async () => {
      const { default: messages } = (await import(new URL(`${locale}.ts`, LOCALES).href)) as {
        default: Record<string, string>;
      };
      for (const [key, text] of Object.entries(messages))
        for (const match of text.matchAll(FORMAT)) {
          const before = text[match.index - 1];
          const after = text[match.index + match[0].length];
          assert.ok(before === '\u2066' && after === '\u2069', `${locale}.${key}: ${match[0]}`);
        }
    });
});
