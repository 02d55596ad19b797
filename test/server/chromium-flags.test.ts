/**
 * The tests' Chromium flags (scripts/chromium.ts) carry playwright-core's own list of features
 * switched off: Chromium reads only the last --disable-features, so ours replaces playwright's,
 * and an upgrade that adds to playwright's list must add to ours.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { CHROMIUM_ARGS } from '../../scripts/chromium.ts';

/** playwright-core's `disabledFeatures` array, read from its installed bundle. */
function playwrightsList(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
  const bundle = readFileSync(join(root, 'lib/coreBundle.js'), 'utf8');
  const array = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  assert.ok(array, `no disabledFeatures list in ${root}/lib/coreBundle.js: find it again`);
  return [...array.matchAll(/^\s*"([^"]+)"/gm)].map((m) => m[1]!);
}

describe("the tests' Chromium flags", () => {
  it('switch off every feature playwright-core switches off, in one --disable-features', () => {
    const ours = CHROMIUM_ARGS.filter((arg) => arg.startsWith('--disable-features='));
    assert.equal(ours.length, 1, 'one --disable-features: Chromium reads only the last');
    const features = ours[0]!.slice('--disable-features='.length).split(',');
    const theirs = playwrightsList();
    assert.ok(theirs.length > 5, `read ${theirs.length} features from playwright-core`);
    assert.deepEqual(
      theirs.filter((feature) => !features.includes(feature)),
      [],
      "playwright-core's features missing from scripts/chromium.ts",
    );
  });
});
