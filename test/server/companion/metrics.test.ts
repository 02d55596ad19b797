/**
 * The companion's metrics as operations teams read them (issue 24): a real Prometheus (Debian's
 * package) scrapes two companion instances on one PostgreSQL while payments run, and its HTTP
 * API's answers agree with what the test did. `/metrics` itself is behind the operations tokens
 * or a metrics token of its own, which Prometheus uses.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { collectDefaultMetrics, Registry } from 'prom-client';
import {
  ALERTS,
  PROMETHEUS_MISSING,
  prometheusWith,
  scrapeOf,
  type Prometheus,
} from '../helpers/prometheus.ts';
import {
  OPS_TOKEN,
  SHOP,
  sessionBody,
  startCompanion,
  startCompanionOn,
  type RunningCompanion,
} from '../helpers/companion.ts';
import { POSTGRES_URL, TEST_DATABASES } from '../helpers/databases.ts';
import { startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';
import { until } from '../helpers/until.ts';

/** Prometheus's own credential: it reads /metrics and nothing else. */
const METRICS_TOKEN = 'metrics-token-for-tests-0123456789';
const skip = PROMETHEUS_MISSING || (!POSTGRES_URL && 'TEST_DATABASE_URL is not set');

/** Starts Prometheus scraping `targets` every second with the metrics token. */
function startPrometheus(targets: string[], dir: string): Promise<Prometheus> {
  return prometheusWith(
    `global: { scrape_interval: 1s, evaluation_interval: 1s }
rule_files: ['${ALERTS}']
scrape_configs:
  - job_name: companion
    authorization: { type: Bearer, credentials: ${METRICS_TOKEN} }
    static_configs: [{ targets: [${targets.map((t) => `'${new URL(t).host}'`).join(', ')}] }]
`,
    dir,
  );
}

describe('metrics scraped by a real Prometheus', { skip }, () => {
  let sandbox: RunningSandbox;
  let companions: RunningCompanion[] = [];
  let prometheus: Prometheus;
  let drop = async () => undefined as void;
  const dir = mkdtempSync(join(tmpdir(), 'prometheus-'));

  before(async () => {
    sandbox = await startSandbox();
    const postgres = TEST_DATABASES.find((d) => d.name === 'postgres');
    const created = await (postgres as (typeof TEST_DATABASES)[number]).create();
    drop = created.drop;
    companions = [
      await startCompanion(sandbox.url, {
        database: created.location,
        metricsToken: METRICS_TOKEN,
      }),
      await startCompanion(sandbox.url, {
        database: created.location,
        metricsToken: METRICS_TOKEN,
      }),
    ];
    prometheus = await startPrometheus(
      companions.map((c) => c.url),
      dir,
    );
  });
  after(async () => {
    prometheus?.stop();
    for (const companion of companions) await companion.close();
    await sandbox?.close();
    await drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves /metrics only with an operations token or the metrics token', async () => {
    const [{ url }] = companions as [RunningCompanion];
    const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
    assert.equal((await fetch(`${url}/metrics`)).status, 401);
    assert.equal((await fetch(`${url}/metrics`, bearer(OPS_TOKEN))).status, 200);
    // The metrics token moves no money: the operations API refuses it.
    assert.equal((await fetch(`${url}/api/ops/orders`, bearer(METRICS_TOKEN))).status, 401);
    const answer = await fetch(`${url}/metrics`, bearer(METRICS_TOKEN));
    assert.equal(answer.status, 200);
    assert.match(answer.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
    assert.match(await answer.text(), /^process_cpu_seconds_total /m);
  });

  it('fires no alert while both instances idle, their pools showing no query waiting', async () => {
    // Five scrapes of each instance, and the rules evaluated over them.
    await prometheus.evaluatedAfter(5, 2);
    // Not even pending: the scrape's own query is not counted as waiting for a connection.
    assert.deepEqual(await prometheus.alerts(), []);
    const waiting = await prometheus.query(
      'max_over_time(acquiring_companion_db_pool_connections{state="waiting"}[1m])',
    );
    assert.deepEqual(
      waiting.map((r) => r.value),
      [0, 0],
    );
    const ready = await prometheus.query('min by (check) (acquiring_companion_ready)');
    assert.deepEqual(
      Object.fromEntries(ready.map((r) => [r.labels.check, r.value])),
      { database: 1, service: 1 },
      'no Redis: no check of it',
    );
  });

  it('counts what two instances did, as Prometheus sums it', async (t) => {
    // Three sessions on the first instance, two on the second; one of them paid.
    const started: string[] = [];
    for (const [i, companion] of [0, 0, 0, 1, 1].entries()) {
      const ref = `mug.metrics${i}`;
      const answer = await fetch(`${companions[companion]?.url}/api/checkout-sessions`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: SHOP },
        body: JSON.stringify(sessionBody(ref)),
      });
      assert.equal(answer.status, 201);
      started.push(((await answer.json()) as { frame_url: string }).frame_url);
    }
    const sum = async (expression: string) =>
      (await prometheus.query(expression)).reduce((total, r) => total + r.value, 0);
    await until(
      () => sum('sum(acquiring_companion_payments_started_total{flow="checkout"})'),
      (n) => n === 5,
      { timeoutMs: 15_000, what: 'Prometheus to have scraped the five sessions' },
    );
    const byInstance = await prometheus.query(
      'sum by (instance) (acquiring_companion_payments_started_total)',
    );
    assert.deepEqual(
      byInstance.map((r) => r.value).sort(),
      [2, 3],
      'three on one instance, two on the other',
    );
    // rate() agrees: evaluated at each instance's last scrape, over a minute that starts at 0
    // (the counters start at 0), Prometheus extrapolates neither end of the window.
    for (const { labels, value } of await prometheus.query('max by (instance) (timestamp(acquiring_companion_payments_started_total))')) {
      const [rate] = await prometheus.query(`sum(rate(acquiring_companion_payments_started_total{instance="${labels.instance}"}[1m])) * 60`, value);
      const did = byInstance.find((r) => r.labels.instance === labels.instance)?.value;
      assert.ok(Math.abs((rate?.value ?? 0) - (did ?? -1)) < 1e-9, `${labels.instance}: rate×60 ${rate?.value}, started ${did}`);
    } // prettier-ignore
    // The service's latency per operation, as the dashboard asks for it: the checkout's p90.
    const latency = await until(
      () => prometheus.query('histogram_quantile(0.9, sum by (le, operation) (rate(acquiring_companion_gateway_call_duration_seconds_bucket[1m])))'),
      (result) => Number.isFinite(result.find((r) => r.labels.operation === 'checkout')?.value),
      { timeoutMs: 15_000, what: "the checkout's p90 from the service's latency histogram" },
    ); // prettier-ignore
    const checkoutP90 = latency.find((r) => r.labels.operation === 'checkout')?.value ?? NaN;
    assert.ok(checkoutP90 > 0 && checkoutP90 <= 2.5, `checkout p90: ${checkoutP90} s`);
    const sessions = await sum(
      'sum(acquiring_companion_http_requests_total{route="/api/checkout-sessions",status="201"})',
    );
    assert.equal(sessions, 5);
    // Every session made one checkout call to the service, answered.
    assert.equal(await sum('sum(acquiring_companion_gateway_calls_total{operation="checkout",outcome="ok"})'), 5); // prettier-ignore
    const p90 = await sum(
      // Over every session so far (a rate needs two scrapes either side of them).
      'histogram_quantile(0.9, sum by (le) (acquiring_companion_http_request_duration_seconds_bucket{route="/api/checkout-sessions"}))',
    );
    assert.ok(p90 > 0 && p90 < 10, `p90 of a session: ${p90} s`);
    // The five orders wait in pending at the service: both instances see the shared store.
    assert.equal(await sum('max(acquiring_companion_orders_waiting{status="pending"})'), 5);

    // The shopper pays the first: the service's notification settles it.
    const page = await (await fetch(started[0] as string)).text();
    const token = /name="session_token" value="([^"]+)"/.exec(page)?.[1] ?? '';
    const form = { card: '4111111111111111', expiry: '12/30', security_code: '123', name: 'Ada' };
    await fetch(`${sandbox.url}/hosted/${token}/pay`, { method: 'POST', body: new URLSearchParams(form), redirect: 'manual' }); // prettier-ignore
    await until(
      () => sum('sum(acquiring_companion_payments_settled_total{status="authorised",source="notification"})'),
      (n) => n === 1,
      { timeoutMs: 15_000, what: 'the payment settled, as Prometheus sees it' },
    ); // prettier-ignore
    assert.equal(await sum('sum(acquiring_companion_notifications_total{outcome="applied"})'), 1);
    // Under the flow and method it started with: the hosted page.
    const settled = await prometheus.query(
      'sum by (flow, method, status, source) (acquiring_companion_payments_settled_total)',
    );
    assert.deepEqual(
      settled.map((r) => [r.labels, r.value]),
      [[{ flow: 'checkout', method: 'hosted', status: 'authorised', source: 'notification' }, 1]],
    );
    // Its lag from the service's event_time: one observation, under a minute here.
    assert.equal(await sum('sum(acquiring_companion_notification_lag_seconds_count)'), 1);
    assert.equal(await sum('sum(acquiring_companion_notification_lag_seconds_bucket{le="60"})'), 1);
    await until(
      () => sum('max(acquiring_companion_orders_waiting{status="pending"})'),
      (n) => n === 4,
      { timeoutMs: 15_000, what: 'four orders left pending' },
    );
    // What the first instance served, for the record: its own series that are not zero.
    const scrape = await scrapeOf(String(companions[0]?.url), OPS_TOKEN);
    const shown = scrape
      .split('\n')
      .filter((line) => line.startsWith('acquiring_companion_') && !/ 0$/.test(line))
      .filter((line) => !/^acquiring_companion_http_request_duration_seconds_bucket/.test(line))
      .filter((line) => !/_bucket\{/.test(line) || /le="(0\.05|0\.5|\+Inf)"/.test(line));
    t.diagnostic(`a scrape of the first instance:\n${shown.join('\n')}`);
  });

  it('fires the alert on refused notifications for a forged one', async () => {
    // A notification whose signature is not the service's.
    const forged = await fetch(`${companions[1]?.url}/api/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'acquiring-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
      body: '{"notification_id":"forged-1"}',
    }); // prettier-ignore
    assert.equal(forged.status, 401);
    const alerts = await until(prometheus.firing, (list) =>
      list.some((a) => a.alertname === 'AcquiringNotificationsRejected'),
      { timeoutMs: 20_000, what: 'the alert on rejected notifications to fire' },
    ); // prettier-ignore
    const alert = alerts.find((a) => a.alertname === 'AcquiringNotificationsRejected');
    assert.deepEqual([alert?.outcome, alert?.severity], ['signature', 'ticket']);
  });

  it('keeps every label bounded: the documented names, never an order reference', async () => {
    const series = await prometheus.query('{__name__=~"acquiring_companion_.+"}');
    const names = new Set(series.flatMap((s) => Object.keys(s.labels)));
    const documented = ['__name__', 'job', 'instance', 'route', 'method', 'status', 'flow', 'source', 'operation', 'outcome', 'le', 'limit', 'state', 'check', 'trigger']; // prettier-ignore
    assert.deepEqual(
      [...names].filter((name) => !documented.includes(name)),
      [],
    );
    const values = series.flatMap((s) => Object.values(s.labels));
    assert.deepEqual(
      values.filter((value) => /mug\.|metrics\d|forged/.test(value)),
      [],
    );
    // What two instances serve after five payments: a few hundred series, not one per order.
    assert.ok(series.length < 1_000, `${series.length} series`);
  });

  it('ships a dashboard whose every query Prometheus evaluates, over metrics the companion serves', async () => {
    const dashboard = JSON.parse(readFileSync(join(process.cwd(), 'server/observability/dashboard.json'), 'utf8')) as {
      panels: { title: string; targets: { expr: string }[] }[];
    };
    const served = await (await fetch(`${companions[0]?.url}/metrics`, { headers: { authorization: `Bearer ${OPS_TOKEN}` } })).text();
    const exprs = dashboard.panels.flatMap((panel) => panel.targets.map((t) => ({ panel: panel.title, expr: t.expr })));
    assert.ok(exprs.length >= 18);
    for (const { panel, expr } of exprs) {
      // Grafana's own variable, as it would fill it in.
      const answer = await fetch(`${prometheus.url}/api/v1/query?query=${encodeURIComponent(expr.replaceAll('$__rate_interval', '1m'))}`);
      assert.equal(((await answer.json()) as { status: string }).status, 'success', `${panel}: ${expr}`);
      // The process metrics under their standard names, which a merchant's registry has too.
      for (const [name] of expr.matchAll(/\b(?:acquiring_companion|process|nodejs)_\w+/g)) {
        const family = name.replace(/_(bucket|count|sum)$/, '');
        assert.match(served, new RegExp(`^# TYPE ${family} `, 'm'), `${panel}: ${name} is not served`);
      }
    }
  }); // prettier-ignore
});

// Prometheus is not needed to read a registry: on both stores, whatever is installed.
for (const database of TEST_DATABASES) {
  describe(`metrics in the merchant’s own registry, on ${database.name}`, () => {
    it('takes the merchant’s own registry, and its process metrics are the dashboard’s', async () => {
      const sandbox = await startSandbox();
      // An app that collects Node's metrics: the companion adds none of its own (no duplicate).
      const theirs = new Registry();
      collectDefaultMetrics({ register: theirs });
      const mounted = await startCompanionOn(database, sandbox.url, { metrics: theirs });
      try {
        const served = await theirs.metrics();
        assert.equal(served.match(/^# TYPE process_cpu_seconds_total /gm)?.length, 1);
        assert.match(served, /^# TYPE nodejs_eventloop_lag_p99_seconds /m);
        assert.match(served, /^acquiring_companion_ready\{check="database"\} 1$/m);
      } finally {
        await mounted.close();
      }
      // One that does not: the companion leaves that to the app.
      const registry = new Registry();
      const companion = await startCompanionOn(database, sandbox.url, { metrics: registry });
      try {
        assert.match(
          await registry.metrics(),
          /# TYPE acquiring_companion_http_requests_total counter/,
        );
        assert.doesNotMatch(await registry.metrics(), /process_cpu_seconds_total/);
        // A refused request is counted under the route that refused it (its error is answered
        // outside that route's router), never under `/`.
        const forged = await fetch(`${companion.url}/api/notifications`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'acquiring-signature': `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
          body: '{"notification_id":"forged-2"}',
        }); // prettier-ignore
        assert.equal(forged.status, 401);
        const requests = (await registry.getSingleMetric('acquiring_companion_http_requests_total')?.get())?.values ?? []; // prettier-ignore
        assert.deepEqual(
          requests.map((v) => [v.labels.route, v.labels.status, v.value]),
          [['/api/notifications', '401', 1]],
        );
      } finally {
        await companion.close();
        await sandbox.close();
      }
    });
  });
}
