/**
 * `npm run bench:session-cpu`: one companion in front of `instant` (servers.mjs), loaded with
 * checkout sessions in rounds of 3 s, 10 connections; prints each round's sessions per second
 * and the companion's CPU per session (/proc), then the median of the rounds after the warm-up.
 * For comparing two versions of the session path: run it on each, interleaved. `--rounds N`
 * (default 8) and `--warm-up N` (default 3, rounds not counted: a fresh companion is about twice
 * as costly in its first 6 s while V8 compiles its hot code).
 */
import autocannon from 'autocannon';
import { parseArgs } from 'node:util';
import { BENCH_ORIGIN, buildServer, pinLoadGenerator, startServer } from './processes.ts';
import { summarise } from './stats.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '8' },
    'warm-up': { type: 'string', default: '3' },
  },
});
const rounds = Number(values.rounds);
const warmUp = Number(values['warm-up']);
if (!(rounds > warmUp && warmUp >= 0)) throw new Error('--rounds must be more than --warm-up');

let counter = 0;
const unique = () => `${process.pid}-${Date.now().toString(36)}-${++counter}`;
const sessionBody = () =>
  JSON.stringify({
    order_ref: `mug.${unique()}`,
    attempt_key: `bench-${unique()}`,
    client_secret: `bench-client-secret-${unique()}`.padEnd(32, '0'),
    device: { time_zone: 'UTC', resolution: '1280x720' },
  });

buildServer();
pinLoadGenerator();
const instant = await startServer(['instant'], { pin: 'load' });
const companion = await startServer(['companion', instant.url], { pin: 'measured' });
const counted: number[] = [];
try {
  for (let round = 0; round < rounds; round++) {
    const before = companion.cpuMs();
    const result = await autocannon({
      url: `${companion.url}/api/checkout-sessions`,
      method: 'POST',
      connections: 10,
      duration: 3,
      headers: { 'content-type': 'application/json', origin: BENCH_ORIGIN },
      requests: [{ setupRequest: (request) => ({ ...request, body: sessionBody() }) }],
    });
    if (result.non2xx + result.errors > 0) throw new Error(`round ${round}: requests failed`);
    const cpuMs = (companion.cpuMs() - before) / result.requests.total;
    if (round >= warmUp) counted.push(cpuMs);
    const note = round < warmUp ? ' (warm-up)' : '';
    console.log(
      `round ${round}: ${result.requests.average} sessions/s, ${cpuMs.toFixed(3)} ms of CPU a session${note}`,
    );
  }
  console.log(JSON.stringify({ companion_session_cpu_ms: summarise(counted, 3) }));
} finally {
  await companion.stop();
  await instant.stop();
}
