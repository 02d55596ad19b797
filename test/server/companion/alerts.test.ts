/**
 * The alert rules the server package ships (observability/alerts.yml), as Prometheus runs them:
 * promtool accepts them, and a real Prometheus (Debian's package) scraping two real companions
 * holds the readiness alert for the one whose payment service does not answer, the rate limits'
 * for the one whose Redis does not answer (not the readiness alert: it stays ready), and nothing
 * for the other. The rules over payments and notifications: metrics.test.ts.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../helpers/bins.ts';
import { startCompanion, type RunningCompanion } from '../helpers/companion.ts';
import {
  ALERTS,
  PROMETHEUS_MISSING,
  prometheusWith,
  type Prometheus,
} from '../helpers/prometheus.ts';
import { startSandbox, type RunningSandbox } from '../helpers/sandbox.ts';

const METRICS_TOKEN = 'metrics-token-for-alert-tests-0123';

describe('the shipped alert rules', { skip: PROMETHEUS_MISSING }, () => {
  let sandbox: RunningSandbox;
  let healthy: RunningCompanion;
  let unready: RunningCompanion;
  let withoutRedis: RunningCompanion;
  let prometheus: Prometheus;
  const dir = mkdtempSync(join(tmpdir(), 'prometheus-alerts-'));
  const hostOf = (companion: RunningCompanion) => new URL(companion.url).host;

  before(async () => {
    sandbox = await startSandbox();
    healthy = await startCompanion(sandbox.url, { metricsToken: METRICS_TOKEN });
    // A port nobody listens on: the key check at start, like every call, finds no connection.
    const baseUrl = `http://127.0.0.1:${await freePort()}`;
    const gateway = { baseUrl, merchantId: 'm', accountId: 'a', secretKey: 'k'.repeat(32), maxRetries: 0 }; // prettier-ignore
    unready = await startCompanion(baseUrl, { gateway, metricsToken: METRICS_TOKEN });
    const redisUrl = `redis://127.0.0.1:${await freePort()}`;
    withoutRedis = await startCompanion(sandbox.url, { redisUrl, metricsToken: METRICS_TOKEN });
    prometheus = await prometheusWith(
      `global: { scrape_interval: 1s, evaluation_interval: 1s }
rule_files: ['${ALERTS}']
scrape_configs:
  - job_name: companion
    authorization: { type: Bearer, credentials: ${METRICS_TOKEN} }
    static_configs: [{ targets: ['${hostOf(healthy)}', '${hostOf(unready)}', '${hostOf(withoutRedis)}'] }]
`,
      dir,
    );
  });
  after(async () => {
    prometheus?.stop();
    await healthy?.close();
    await unready?.close();
    await withoutRedis?.close();
    await sandbox?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('pass promtool check rules', () => {
    const check = spawnSync('promtool', ['check', 'rules', ALERTS], { encoding: 'utf8' });
    assert.equal(check.status, 0, check.stderr);
    assert.match(check.stdout, /SUCCESS: 8 rules found/);
  });

  it('hold AcquiringCompanionNotReady for the instance whose service does not answer, AcquiringRateLimitsNotShared for the one whose Redis does not, and nothing else', async () => {
    await prometheus.evaluatedAfter(3, 3);
    // Pending: each fires once its condition has held for its `for`.
    const alerts = await prometheus.alerts();
    const byName = (a: Record<string, string>, b: Record<string, string>) =>
      (a.alertname ?? '').localeCompare(b.alertname ?? '');
    assert.deepEqual(alerts.sort(byName), [
      {
        alertname: 'AcquiringCompanionNotReady',
        check: 'service',
        instance: hostOf(unready),
        severity: 'page',
        state: 'pending',
      },
      {
        alertname: 'AcquiringRateLimitsNotShared',
        instance: hostOf(withoutRedis),
        severity: 'ticket',
        state: 'pending',
      },
    ]);
  });
});
