/**
 * `npm run start:hosted`, as the Dockerfile builds and runs it: laid out from the packed tarballs
 * by demo/package-hosted.mjs in a folder outside the repository, installed there with
 * `npm install --omit=dev` alone, started with plain node on one port and one public origin, on
 * PostgreSQL and Redis. A payment in Chromium stays on that origin; the playground is served, its
 * element reaching the companion there; a second visitor sees none of the first one's orders;
 * restarted on the same database, the first visitor still finds their paid order; the operator's
 * Prometheus (demo/prometheus.yml) scrapes its metrics, which visitors cannot read; SIGTERM drains
 * and exits 0; with Redis unreachable, /readyz is 200, degraded. Needs TEST_DATABASE_URL and
 * TEST_REDIS_URL (CI sets both) and `npm run build`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { launchChromium } from '../../scripts/chromium.ts';
import { CARDS, Shopper } from '../e2e/helpers/demo.ts';
import { TEST_DATABASES } from '../server/helpers/databases.ts';
import { ALERTS, PROMETHEUS_MISSING, prometheusWith } from '../server/helpers/prometheus.ts';
import { until } from '../server/helpers/until.ts';
import {
  freePort,
  installedPackages,
  installScripts,
  nativeBuilds,
  npm,
  REPO,
  waitForLine,
} from './helpers.ts';

/** What /readyz answers: degraded names what is down without making it unready. */
type Readiness = { degraded?: string[]; checks: Record<string, string> };

const REDIS_URL = process.env.TEST_REDIS_URL;
const METRICS_TOKEN = 'hosted-metrics-token-0123456789abcdef';
const postgres = TEST_DATABASES.find((d) => d.name === 'postgres');
const work = mkdtempSync(join(tmpdir(), 'acquiring-hosted-'));
const installed = join(work, 'hosted');

/** One `node demo/dist/hosted.js` process in the installed folder, with `env` alone (and PATH). */
async function startHosted(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(process.execPath, ['demo/dist/hosted.js'], {
    cwd: installed,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  await waitForLine(child, /hosted demo listening/);
  return { child, exited };
}

describe(
  'the hosted demo: one origin, PostgreSQL and Redis',
  { skip: postgres && REDIS_URL ? false : 'TEST_DATABASE_URL or TEST_REDIS_URL is not set' },
  () => {
    let url = '';
    let env: Record<string, string>;
    let hosted: Awaited<ReturnType<typeof startHosted>>;
    let database: { location: string; drop(): Promise<void> };
    let dataDir = '';
    let browser: Browser;
    let visitor: BrowserContext;
    let paidRef = '';

    before(async () => {
      execFileSync('node', ['demo/package-hosted.mjs', installed], { cwd: REPO, stdio: 'pipe' });
      const started = Date.now();
      npm(installed, 'install', '--omit=dev');
      const packages = installedPackages(installed);
      console.log(
        `hosted demo: npm install --omit=dev: ${packages.length} packages in ${Math.round((Date.now() - started) / 1000)} s`,
      );
      // Nothing compiles and nothing runs at install: a merchant's npm needs no approval.
      assert.deepEqual([nativeBuilds(installed), installScripts(installed)], [[], []]);
      database = await (postgres as NonNullable<typeof postgres>).create();
      dataDir = mkdtempSync(join(tmpdir(), 'hosted-'));
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      env = {
      PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, DATABASE_URL: database.location,
      REDIS_URL: REDIS_URL as string, DEMO_SECRET: 'a-demo-secret-for-tests-0123456789abcdef',
      DATA_DIR: dataDir, TRUST_PROXY: 'false', LOG_LEVEL: 'info', METRICS_TOKEN,
    }; // prettier-ignore
      hosted = await startHosted(env);
      browser = await launchChromium();
      visitor = await browser.newContext();
    });
    after(async () => {
      await browser?.close();
      hosted?.child.kill('SIGKILL');
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(work, { recursive: true, force: true });
    });

    it('runs from production dependencies alone: no tsx, no TypeScript, no test tools', () => {
      const packages = installedPackages(installed);
      for (const devOnly of ['tsx', 'typescript', 'playwright-core', 'vite', 'esbuild'])
        assert.ok(!packages.includes(devOnly), `${devOnly} is installed`);
      assert.ok(!existsSync(join(installed, 'demo/hosted.ts')), 'sources are not shipped');
      // Installed from the tarballs, not linked to the repository's workspaces by the lock.
      for (const name of ['acquiring-checkout', 'acquiring-checkout-server'])
        assert.ok(!lstatSync(join(installed, 'node_modules', name)).isSymbolicLink(), name);
    });

    it('is alive and ready, and serves the docs at /docs', async () => {
      assert.equal((await fetch(`${url}/healthz`)).status, 200);
      assert.equal((await fetch(`${url}/readyz`)).status, 200);
      const docs = await fetch(`${url}/docs/getting-started.html`);
      assert.equal(docs.status, 200);
      assert.match(await docs.text(), /<h1 id="getting-started-the-five-minute-integration">/);
    });

    it('takes a payment in Chromium with every request to its one public origin', async () => {
      const requested: string[] = [];
      visitor.on('request', (request) => void requested.push(request.url()));
      const shopper = new Shopper(await visitor.newPage());
      const { page } = shopper;
      page.setDefaultTimeout(15_000);
      await shopper.open('/', url);
      await shopper.add('Enamel mug');
      paidRef = await shopper.checkout();
      assert.match(
        paidRef,
        /^v[0-9a-f]{10}\.mug\./,
        "the order reference is headed by the visitor's space",
      );
      await shopper.fillDetails();
      await shopper.pay();
      await Shopper.payCard(shopper.frame, CARDS.success);
      assert.equal((await shopper.outcome()).status, 'authorised');
      assert.deepEqual(await shopper.violations(), [], 'no CSP violation');
      const elsewhere = requested.filter((u) => /^https?:/.test(u) && new URL(u).origin !== url);
      assert.deepEqual(elsewhere, []);
      assert.ok(requested.some((u) => u.startsWith(`${url}/companion/`)));
      assert.ok(requested.some((u) => u.startsWith(`${url}/sandbox/`)));
      await page.close();
    });

    it("shows its metrics to the operator's Prometheus (demo/prometheus.yml), not to visitors", async (t) => {
      if (PROMETHEUS_MISSING) return t.skip(PROMETHEUS_MISSING);
      assert.equal((await fetch(`${url}/companion/metrics`)).status, 401);
      // compose.yaml's configuration, its paths and targets made this test's.
      const dir = mkdtempSync(join(tmpdir(), 'hosted-prometheus-'));
      writeFileSync(join(dir, 'metrics_token'), METRICS_TOKEN);
      const config = readFileSync(join(REPO, 'demo/prometheus.yml'), 'utf8')
        .replace('/etc/prometheus/alerts.yml', ALERTS)
        .replace('/run/secrets/metrics_token', join(dir, 'metrics_token'))
        .replace(/scrape_interval: \d+s/, 'scrape_interval: 1s')
        .replace("['127.0.0.1:8081', '127.0.0.1:8082']", `['${new URL(url).host}']`);
      const prometheus = await prometheusWith(config, dir);
      try {
        const started = await until(
          () =>
            prometheus.query('sum(acquiring_companion_payments_started_total{job="companion"})'),
          (result) => (result[0]?.value ?? 0) >= 1,
          { timeoutMs: 20_000, what: 'the payment, scraped' },
        );
        assert.ok(started[0]!.value >= 1);
      } finally {
        prometheus.stop();
        rmSync(dir, { recursive: true, force: true });
      }
    });

    it("serves the playground, its element asking the companion on the one origin, in the visitor's space", async () => {
      const page = await visitor.newPage();
      page.setDefaultTimeout(15_000);
      await page.goto(`${url}/playground`);
      const element = page.locator('checkout-playground acquiring-checkout');
      // The amount on Pay is the companion's answer, under /companion on the same origin.
      await element.getByRole('button', { name: 'Pay $12.00' }).waitFor();
      assert.equal(await element.getAttribute('companion'), `${url}/companion`);
      assert.match((await element.getAttribute('order-ref')) ?? '', /^v[0-9a-f]{10}\.mug\.pg-/);
      await page.close();
    });

    it("keeps a second visitor away from the first one's orders", async () => {
      const first = await visitor.newPage();
      await first.goto(`${url}/console`);
      await first.locator(`tr[data-order-ref="${paidRef}"]`).waitFor();
      await first.close();

      const stranger = await browser.newContext();
      const page = await stranger.newPage();
      await page.goto(`${url}/console`);
      const listed = await page.evaluate(
        async () =>
          (await (await fetch('/console/api/orders')).json()) as {
            orders: { order_ref: string }[];
          },
      );
      assert.deepEqual(
        listed.orders.map((o) => o.order_ref).filter((ref) => ref === paidRef),
        [],
      );
      const capture = await page.evaluate(async (ref) => {
        const response = await fetch('/console/api/capture', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
          body: JSON.stringify({ orders: [{ order_ref: ref }] }),
        });
        return response.status;
      }, paidRef);
      // Refused by the companion for the stranger's own token: the reference is outside its scope.
      assert.equal(capture, 403);
      await stranger.close();
    });

    it('drains on SIGTERM (exit 0) and, restarted on the same database, the visitor finds their paid order', async () => {
      hosted.child.kill('SIGTERM');
      assert.equal(await hosted.exited, 0);
      hosted = await startHosted(env);
      const page = await visitor.newPage();
      await page.goto(`${url}/console`);
      const status = page.locator(`tr[data-order-ref="${paidRef}"] [data-field="status"]`);
      await status.filter({ hasText: 'authorised' }).waitFor();
      await page.close();
    });

    it('starts with Redis unreachable, and stays ready, degraded, its limits counted in its own memory', async () => {
      const port = await freePort();
      const closed = await freePort(); // nothing listens there
      // A data folder of its own: its sandbox's SQLite file belongs to one process.
      const otherData = mkdtempSync(join(tmpdir(), 'hosted-'));
      const other = await startHosted({
      ...env, PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, REDIS_URL: `redis://127.0.0.1:${closed}`, DATA_DIR: otherData,
    }); // prettier-ignore
      try {
        const ready = await fetch(`http://127.0.0.1:${port}/readyz`);
        const body = (await ready.json()) as Readiness;
        assert.equal(ready.status, 200, JSON.stringify(body));
        assert.deepEqual(body.degraded, ['redis']);
        assert.equal(body.checks.rate_limits, 'per instance: Redis unreachable');
        assert.equal((await fetch(`http://127.0.0.1:${port}/healthz`)).status, 200);
      } finally {
        other.child.kill('SIGKILL');
        rmSync(otherData, { recursive: true, force: true });
      }
    });
  },
);
