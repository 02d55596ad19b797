/**
 * The packages as a merchant gets them: both workspaces packed, the tarballs installed into a
 * fresh app outside the repository, and the docs' Getting started (app/server.mjs) paying in
 * Chromium from those installed files alone.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../../scripts/chromium.ts';
import { measurements } from '../../scripts/docs/figures.ts';
import { payAsShopper } from '../../scripts/storefront.ts';
import { packBoth } from './install.ts';
import {
  freePort,
  installedPackages,
  installScripts,
  nativeBuilds,
  nodeModulesMegabytes,
  npm,
  REPO,
  waitForLine,
} from './helpers.ts';

/**
 * What the docs quote of an install (docs/site/measured.json) is what this install gave: the
 * package count exactly, the size within 10 % (files change size from one patch release to the
 * next). A figure that drifts fails here, naming the record to measure again.
 */
function assertQuotedInstall(app: string, id: 'install.widget' | 'install.both'): void {
  const records = measurements();
  const packages = installedPackages(app).length;
  assert.equal(String(packages), records[`${id}.packages`]?.text, `${id}.packages`);
  const size = nodeModulesMegabytes(app);
  const quoted = Number.parseFloat(records[`${id}.size`]?.text ?? '');
  assert.ok(Math.abs(size - quoted) <= quoted * 0.1, `${id}.size: ${size.toFixed(1)} MB installed`);
}

describe('the packed packages, installed into a fresh app', () => {
  const work = mkdtempSync(join(tmpdir(), 'acquiring-consumer-'));
  const app = join(work, 'shop');
  let widgetTarball = '';
  let serverTarball = '';

  before(() => {
    [widgetTarball, serverTarball] = packBoth(work);
    execFileSync('mkdir', ['-p', app]);
    writeFileSync(
      join(app, 'package.json'),
      '{ "name": "shop", "private": true, "type": "module" }',
    );
  });
  after(() => rmSync(work, { recursive: true, force: true }));

  it('passes publint and Are the Types Wrong', () => {
    for (const folder of ['widget', 'server'])
      execFileSync('npx', ['publint', '--strict'], { cwd: join(REPO, folder), stdio: 'pipe' });
    for (const tarball of [widgetTarball, serverTarball])
      execFileSync('npx', ['attw', tarball, '--profile', 'esm-only', '--format', 'table-flipped'], {
        cwd: REPO,
        stdio: 'pipe',
      });
  });

  it('installs the widget with Lit alone: fewer than 15 packages, nothing native', () => {
    npm(app, 'install', widgetTarball);
    const packages = installedPackages(app);
    assert.ok(packages.length < 15, `${packages.length} packages: ${packages.join(', ')}`);
    assertQuotedInstall(app, 'install.widget');
    assert.deepEqual(nativeBuilds(app), []);
    assert.deepEqual(
      packages.filter((name) => !/^(acquiring-checkout|lit|lit-html|lit-element|@lit\/|@lit-labs\/|@types\/trusted-types)/.test(name)),
      [],
    ); // prettier-ignore
  });

  it('imports in Node (server-side rendering) without throwing, and registers nothing', () => {
    const out = execFileSync(
      'node',
      ['-e', "import('acquiring-checkout').then((m) => console.log(typeof m.AcquiringCheckout, customElements.get('acquiring-checkout') === undefined))"],
      { cwd: app, encoding: 'utf8' },
    ); // prettier-ignore
    assert.equal(out.trim(), 'function true');
  });

  it('installs the server package with no compiler and no install script', () => {
    npm(app, 'install', widgetTarball, serverTarball, 'express@5');
    assertQuotedInstall(app, 'install.both');
    assert.deepEqual(nativeBuilds(app), []);
    assert.deepEqual(installScripts(app), []);
    // No test hook ships: the crash matrix kills the process from its own subscriber.
    const dist = join(app, 'node_modules/acquiring-checkout-server/dist');
    const files = readdirSync(dist, { recursive: true }).map(String);
    assert.deepEqual(
      files.filter((file) => /fault|crash/i.test(file)),
      [],
    );
    const code = files
      .filter((f) => f.endsWith('.js'))
      .map((f) => readFileSync(join(dist, f), 'utf8'));
    assert.ok(!code.some((text) => /CRASH_AT|SIGKILL/.test(text)), 'no kill switch in the package');
  });

  it('loads every export of the server package with plain node', () => {
    const out = execFileSync(
      'node',
      ['-e', "Promise.all(['companion', 'gateway', 'sandbox'].map((p) => import('acquiring-checkout-server/' + p))).then((m) => console.log(m.map((x) => Object.keys(x).length > 0).join()))"],
      { cwd: app, encoding: 'utf8' },
    ); // prettier-ignore
    assert.equal(out.trim(), 'true,true,true');
    assert.ok(existsSync(join(app, 'node_modules/.bin/acquiring-checkout-companion')));
    assert.ok(existsSync(join(app, 'node_modules/.bin/acquiring-checkout-sandbox')));
  });

  it('leaves the OpenTelemetry SDK out, and names it when OTEL_EXPORTER_OTLP_ENDPOINT asks for it', () => {
    assert.ok(!existsSync(join(app, 'node_modules/@opentelemetry/sdk-trace-base')));
    writeFileSync(join(app, 'resolve-order.mjs'), 'export const resolveOrder = () => undefined;\n');
    const env = {
      PATH: process.env.PATH ?? '', PORT: '0', GATEWAY_BASE_URL: 'http://127.0.0.1:9', MERCHANT_ID: 'm', ACCOUNT_ID: 'a',
      SECRET_KEY: 'a-secret-key-0123456789', ALLOWED_ORIGINS: 'http://shop.test', OPERATIONS_TOKEN: 'an-operations-token-0123456789',
      ORDER_RESOLVER: './resolve-order.mjs', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:4318',
    }; // prettier-ignore
    const bin = join(app, 'node_modules/.bin/acquiring-checkout-companion');
    const run = spawnSync(process.execPath, [bin], { cwd: app, env, encoding: 'utf8' });
    assert.equal(run.status, 1);
    assert.match(
      run.stderr,
      /OTEL_EXPORTER_OTLP_ENDPOINT: set, but the OpenTelemetry SDK is not installed: npm install @opentelemetry\/sdk-trace-base@2/,
    );
  });

  describe("Getting started's integration, paying in Chromium", () => {
    let shop: ChildProcess;
    let browser: Browser;
    let url = '';

    before(async () => {
      copyFileSync(new URL('./app/server.mjs', import.meta.url), join(app, 'server.mjs'));
      url = `http://127.0.0.1:${await freePort()}`;
      shop = spawn('node', ['server.mjs'], { cwd: app, env: { ...process.env, SHOP_URL: url } });
      await waitForLine(shop, /shop on/);
      browser = await launchChromium();
    });
    after(async () => {
      await browser?.close();
      shop?.kill();
    });

    it('pays with 4111 1111 1111 1111 until acquiring-result says authorised', async () => {
      const page = await browser.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(url);
      const detail = await payAsShopper(page);
      assert.equal(detail.status, 'authorised');
      assert.match(detail.order_no, /^tee\.[0-9a-f]{8}-1$/);
      // Every file the page ran came from the installed packages in the app's node_modules.
      assert.ok(
        readdirSync(join(app, 'node_modules/acquiring-checkout/dist')).includes(
          'acquiring-checkout.js',
        ),
      );
    });
  });
});
