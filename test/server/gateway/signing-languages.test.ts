/**
 * A signer in another language, written from the docs alone (gateway/wire-formats-and-signing.md),
 * agrees with signing.ts: the examples' signer in Python (its standard library) and in PHP (plain
 * PHP 8) each sign bodies generated here, with the edges where languages part: integer-like and
 * non-ASCII keys (JavaScript lists "9" before "10" in an object; PHP turns them into numbers;
 * Python sorts by code point, JavaScript by UTF-16 unit), astral characters, escapes, nested empty
 * objects, nulls inside arrays, decimals. Needs Debian's `python3` and `php-cli` (npm test installs
 * them when run as root, as .ci/run is).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import fc from 'fast-check';
import { sign } from '../../../server/gateway/index.ts';

const SIGNERS = [
  { language: 'Python', command: 'python3', script: 'examples/python/signing.py' },
  { language: 'PHP', command: 'php', script: 'examples/php/signing.php' },
];
const KEY = 'languages-key-é';
const BODIES = 300;

/** Characters where JSON escaping, UTF-16 order or number-like names differ between languages. */
const edgy = fc.constantFrom(
  '9',
  '10',
  '0',
  '-1',
  'é',
  '\u{1F600}',
  '\uFFFF',
  '"',
  '\\',
  '/',
  '\n',
  '\u0001',
  ' ',
);
const text = fc
  .array(fc.oneof(edgy, fc.string({ unit: 'grapheme', maxLength: 3 })), { maxLength: 4 })
  .map((parts) => parts.join(''));
const name = fc.oneof(
  text.filter((n) => n !== 'encryption_data'),
  fc.nat(20).map(String),
);
const leaf = fc.oneof(
  text,
  fc.integer({ min: -1e9, max: 1e9 }),
  // Decimals as JSON numbers: both sides write the shortest form that reads back the same.
  fc.integer({ min: -1e6, max: 1e6 }).map((cents) => cents / 100),
  fc.constant(null),
);
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(name, tie('value'), { maxKeys: 3 }),
  ),
}));
const body = fc.dictionary(name, value, { maxKeys: 6 });

for (const signer of SIGNERS) {
  describe(`a signer in ${signer.language} from the docs`, () => {
    it(`agrees with signing.ts on ${BODIES} generated bodies`, () => {
      const bodies = fc.sample(body, { numRuns: BODIES, seed: 37 });
      const input = bodies.map((b) => JSON.stringify(b)).join('\n') + '\n';
      const run = spawnSync(signer.command, [resolve(signer.script), KEY], {
        input,
        encoding: 'utf8',
      });
      assert.equal(run.status, 0, run.stderr);
      const theirs = run.stdout.trim().split('\n');
      assert.equal(theirs.length, bodies.length);
      bodies.forEach((b, i) => assert.equal(theirs[i], sign(b, KEY), JSON.stringify(b)));
    });
  });
}
