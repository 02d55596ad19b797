/**
 * The docs cannot drift from what they describe: every figure they quote (sizes, counts and times,
 * marked `<!--fig:id-->…<!--/fig-->`) is the build's, or its measurement's record; the integrity in
 * the script-tag snippet is the build's; Getting started's `server.mjs` is the file the consumer
 * test runs; the signing test vector is what `sign` computes. Needs `npm run build` first (npm
 * test's first step).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { canonicalString, sign } from 'acquiring-checkout-server/gateway';
import {
  computedFigures,
  measurements,
  quotes,
  quotingFiles,
} from '../../../scripts/docs/figures.ts';
import { ROOT, SITE } from '../../../scripts/docs/paths.ts';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const FIX =
  'run `npm run docs:figures` after `npm run build`, or measure again and update docs/site/measured.json';

describe('the figures the docs quote', () => {
  const computed = computedFigures();
  const records = measurements();
  const files = quotingFiles();

  it('are each the build’s figure, or its measurement’s record', () => {
    const drifted = files.flatMap((file) =>
      quotes(readFileSync(file, 'utf8')).flatMap((quote) => {
        const figure = computed.get(quote.id) ?? records[quote.id]?.text;
        if (figure === quote.text) return [];
        const where = relative(ROOT, file);
        return [
          `${where}: ${quote.id} is quoted "${quote.text}", but is ${figure === undefined ? 'no known figure' : `"${figure}"`}`,
        ];
      }),
    );
    assert.deepEqual(drifted, [], FIX);
  });

  it('quote the build’s figures where the packages’ sizes are told', () => {
    const ids = new Set(
      files.flatMap((file) => quotes(readFileSync(file, 'utf8')).map((q) => q.id)),
    );
    const unquoted = [...computed.keys()].filter((id) => !ids.has(id) && id !== 'widget.integrity');
    assert.deepEqual(unquoted, [], 'a computed figure nobody quotes: quote it or drop it');
  });

  it('keep every measurement in one record, with its date and how it was made, each quoted', () => {
    const ids = new Set(
      files.flatMap((file) => quotes(readFileSync(file, 'utf8')).map((q) => q.id)),
    );
    for (const [id, record] of Object.entries(records)) {
      assert.match(record.measured, /^\d{4}-\d{2}-\d{2}$/, `${id}: the date it was measured`);
      assert.ok(record.how.length > 10, `${id}: how it was measured`);
      assert.ok(ids.has(id), `${id} is recorded but quoted nowhere`);
      assert.ok(!computed.has(id), `${id} is computed: it needs no record`);
    }
  });

  it('give the integrity of the script-tag file as built, in every snippet that shows one', () => {
    const built = computed.get('widget.integrity');
    for (const file of files) {
      const shown = [
        ...readFileSync(file, 'utf8').matchAll(/integrity="(sha384-[A-Za-z0-9+/=]{64})"/g),
      ];
      for (const [, integrity] of shown)
        assert.equal(integrity, built, `${relative(ROOT, file)}: ${FIX}`);
    }
    const snippet = /integrity="(sha384-[^"]+)"/.exec(read('docs/site/widget/README.md'))?.[1];
    assert.equal(snippet, built, 'the script-tag snippet shows an integrity');
  });
});

describe('the code the docs show', () => {
  it('is, in Getting started, exactly the server.mjs the consumer test installs and pays with', () => {
    const page = read('docs/site/getting-started.md');
    const shown = /Save this as `server\.mjs`:\n\n```js\n([\s\S]*?)```\n/.exec(page)?.[1];
    assert.equal(shown, read('test/consumer/app/server.mjs'));
  });

  it('signs the published test vector as `sign` does', () => {
    const page = readFileSync(join(SITE, 'gateway', 'wire-formats-and-signing.md'), 'utf8');
    const block =
      /```\nkey: +(\S+)\nrequest: +([\s\S]*?)\ncanonical: +(\S+)\nsignature: +(\S+)\n```/.exec(
        page,
      );
    assert.ok(block, 'the page shows the test vector');
    const [, key, json, canonical, signature] = block;
    const request = JSON.parse(json!.replace(/\n\s+/g, '')) as Record<string, unknown>;
    assert.equal(canonicalString(request), canonical);
    assert.equal(sign(request, key!), signature);
  });
});
