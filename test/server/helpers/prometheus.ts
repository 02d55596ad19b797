/** Debian's Prometheus, started by a test on a free port with a configuration of the test's. */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from './bins.ts';
import { until } from './until.ts';

const PROMETHEUS = '/usr/bin/prometheus';
/** The alert rules the server package ships. */
export const ALERTS = join(process.cwd(), 'server/observability/alerts.yml');
/** Why a test that needs Prometheus is skipped; false when it is installed. */
export const PROMETHEUS_MISSING =
  !existsSync(PROMETHEUS) && `${PROMETHEUS} is not installed (apt-get install prometheus)`;

export interface Prometheus {
  url: string;
  /** One instant query's result vector (now, or at `time` in seconds), as numbers by labels. */
  query(
    expression: string,
    time?: number,
  ): Promise<{ labels: Record<string, string>; value: number }[]>;
  /** The alerts firing now, by their labels. */
  firing(): Promise<Record<string, string>[]>;
  /** Every alert, pending or firing, by its labels with its `state`. */
  alerts(): Promise<Record<string, string>[]>;
  /**
   * Waits until each of `targets` targets has been scraped `scrapes` times, then until the alert
   * rules have been evaluated over them.
   */
  evaluatedAfter(scrapes: number, targets: number): Promise<void>;
  stop(): void;
}

/** Starts Prometheus with `config` (YAML), its data in `dir`; resolves once it is ready. */
export async function prometheusWith(config: string, dir: string): Promise<Prometheus> {
  const port = await freePort();
  const file = join(dir, 'prometheus.yml');
  writeFileSync(file, config);
  const child = spawn(
    PROMETHEUS,
    [`--config.file=${file}`, `--storage.tsdb.path=${join(dir, 'data')}`, `--web.listen-address=127.0.0.1:${port}`],
    { stdio: 'ignore' },
  ); // prettier-ignore
  const url = `http://127.0.0.1:${port}`;
  const ready = () => fetch(`${url}/-/ready`).then((r) => r.status, () => 0); // prettier-ignore
  await until(ready, (status) => status === 200, { timeoutMs: 20_000, what: 'Prometheus ready' });
  const alerts = async () => {
    const answer = await fetch(`${url}/api/v1/alerts`);
    const body = (await answer.json()) as {
      data: { alerts: { labels: Record<string, string>; state: string }[] };
    };
    return body.data.alerts.map((a) => ({ ...a.labels, state: a.state }));
  };
  const query: Prometheus['query'] = async (expression, time) => {
    const at = time === undefined ? '' : `&time=${time}`;
    const answer = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expression)}${at}`);
    const body = (await answer.json()) as {
      data: { result: { metric: Record<string, string>; value: [number, string] }[] };
    };
    return body.data.result.map((r) => ({ labels: r.metric, value: Number(r.value[1]) }));
  };
  /** When the alert rules were last evaluated (ms since the epoch; 0 before the first time). */
  const evaluatedAt = async () => {
    const answer = await fetch(`${url}/api/v1/rules`);
    const body = (await answer.json()) as { data: { groups: { lastEvaluation: string }[] } };
    return Math.min(...body.data.groups.map((g) => Date.parse(g.lastEvaluation) || 0));
  };
  return {
    url,
    query,
    async firing() {
      const all = await alerts();
      return all.filter((a) => a.state === 'firing').map(({ state: _state, ...labels }) => labels);
    },
    alerts,
    async evaluatedAfter(scrapes, targets) {
      await until(
        () => query('count_over_time(up[1m])'),
        (result) => result.length === targets && result.every((r) => r.value >= scrapes),
        { timeoutMs: 30_000, what: `${scrapes} scrapes of each of ${targets} targets` },
      );
      const scraped = Date.now();
      await until(evaluatedAt, (at) => at > scraped, {
        timeoutMs: 10_000,
        what: 'the rules evaluated after them',
      });
    },
    stop: () => child.kill('SIGTERM'),
  };
}

/** The companion's `/metrics` at `url`, as Prometheus reads it with `token`. */
export async function scrapeOf(url: string, token: string): Promise<string> {
  const answer = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (answer.status !== 200) throw new Error(`${url}/metrics answered ${answer.status}`);
  return answer.text();
}

/** The samples of a scrape in Prometheus's text format: `series` (name and labels) → value. */
export function samplesOf(scrape: string): Map<string, number> {
  const samples = new Map<string, number>();
  for (const line of scrape.split('\n')) {
    const sample = /^([a-zA-Z_:][\w:]*(?:\{.*\})?) (\S+)$/.exec(line);
    if (sample) samples.set(sample[1] as string, Number(sample[2]));
  }
  return samples;
}
