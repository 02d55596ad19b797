/**
 * The examples in examples/ as the docs show them: the `ORDER_RESOLVER` contract page shows the
 * Python and PHP resolvers that resolvers.test.ts runs, and the image page the compose file,
 * each verbatim; the compose file's companion is configured with variables the companion knows
 * and accepts, and asks the Python backend where that backend listens.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { companionEnv } from 'acquiring-checkout-server/companion';
import { ROOT, SITE } from '../../../scripts/docs/paths.ts';

const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');
const page = (path: string) => readFileSync(join(SITE, path), 'utf8');

/** The code blocks of `markdown` in `language`. */
const blocks = (markdown: string, language: string) =>
  [...markdown.matchAll(new RegExp(`\`\`\`${language}\\n([\\s\\S]*?)\`\`\`\\n`, 'g'))].map(
    (m) => m[1],
  );

/**
 * The `environment` of `service` in a compose file, as compose reads the block form used there
 * (`KEY: value`, six spaces in), each `${NAME:?…}` given a long sample and `${NAME:-x}` its x.
 */
function environmentOf(compose: string, service: string): Record<string, string> {
  const block = new RegExp(`\\n  ${service}:\\n([\\s\\S]*?)(?=\\n  \\S|\\n\\S|$)`).exec(
    compose,
  )?.[1];
  const env = /\n {4}environment:\n((?: {6}.*\n)+)/.exec(`\n${block ?? ''}\n`)?.[1] ?? '';
  const sample = (value: string) =>
    value
      .replace(/^'(.*)'$/, '$1')
      .replace(/\$\{\w+:\?[^}]*\}/g, 'k7Qx9mP2vL4sT8wZ1nB6cR3yH5')
      .replace(/\$\{\w+:-([^}]*)\}/g, '$1');
  return Object.fromEntries(
    env
      .trim()
      .split('\n')
      .map((line) => /^\s*(\w+): (.*)$/.exec(line))
      .filter((m) => m !== null)
      .map((m) => [m[1]!, sample(m[2]!)]),
  );
}

describe('the examples', () => {
  it('are shown verbatim: each resolver on the contract page, the compose file on the image page', () => {
    const contract = page('companion/order-resolver.md');
    assert.deepEqual(blocks(contract, 'python'), [read('examples/python/resolver.py')]);
    assert.deepEqual(blocks(contract, 'php'), [read('examples/php/resolver.php')]);
    const image = page('companion/image.md');
    assert.deepEqual(blocks(image, 'yaml'), [read('examples/python/compose.yaml')]);
  });

  it('configure the companion beside Python with variables it knows and takes', () => {
    const compose = read('examples/python/compose.yaml');
    const companion = environmentOf(compose, 'companion');
    const example = read('server/.env.example');
    const documented = new Set([...example.matchAll(/^#? ?([A-Z_]+)=/gm)].map((m) => m[1]));
    assert.deepEqual(
      Object.keys(companion).filter((name) => !documented.has(name)),
      [],
    );
    const env = companionEnv(companion);
    const backend = environmentOf(compose, 'backend');
    assert.equal(env.ORDER_RESOLVER, `http://backend:${backend.PORT}/orders/{order_ref}`);
    assert.equal(env.ORDER_RESOLVER_TOKEN, backend.ORDER_RESOLVER_TOKEN);
    // The sandbox shares the companion's network: GATEWAY_BASE_URL is its port on localhost.
    const sandbox = environmentOf(compose, 'sandbox');
    assert.equal(env.GATEWAY_BASE_URL, `http://127.0.0.1:${sandbox.SANDBOX_PORT}`);
    assert.equal(env.SECRET_KEY, sandbox.SANDBOX_SECRET_KEY);
    assert.match(read('examples/python/resolver.py'), /prefix = "\/orders\/"/);
  });
});
