#!/usr/bin/env node
/**
 * How straight a session request runs through the companion's code (issue 23): which of the
 * package's files it enters, in what order, and how often it comes back to one it has left.
 *
 * One process: a stand-in service that answers every checkout at once (as the bench's `instant`)
 * and the companion from the compiled package (`server/dist`, run `npm run build` first). One
 * session request warms it up under V8's precise coverage, which lists every function of the
 * package that ran. Each of those gets a breakpoint at its first statement whose condition
 * records the call stack and answers false, so nothing pauses. A second session request is then
 * recorded: from each stack, and the one before it, follows the file the running code is in,
 * through every call and every return (an async function's caller included, by V8's async
 * frames). A file "entered" is a change of file on that line; a re-entry, a change back to a
 * file left before.
 *
 * `from_route` narrows it as the static count reads the sources (scripts/session-path-static.ts,
 * whose figures are printed beside it as `static`): the frames from the route's handler on, in the
 * files that carry the request's context. The figures over every frame follow as before.
 *
 * Prints JSON: `node scripts/session-path.mjs` (`--timeline` adds the files in order).
 */
import { Session } from 'node:inspector/promises';
import { execFileSync } from 'node:child_process';
import { counted } from './path-count.mjs';
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { dirname, join, relative } from 'node:path';
import pino from 'pino';
import { createCompanion } from 'acquiring-checkout-server/companion';
import { DEFAULT_MERCHANT } from 'acquiring-checkout-server/sandbox';

const DIST = join(dirname(fileURLToPath(import.meta.url)), '..', 'server', 'dist');
/** The same path read from the sources, without running it. */
const staticPath = JSON.parse(
  execFileSync(
    process.execPath,
    ['--import', 'tsx', join(dirname(fileURLToPath(import.meta.url)), 'session-path-static.ts')],
    { encoding: 'utf8' },
  ),
);
const ORIGIN = 'http://shop.test';
/** The package's own files on a request's path: not the sandbox (the service) nor the bins. */
const OURS = (url) =>
  url.startsWith(`file://${DIST}/`) && !/\/(sandbox|bin)\//.test(url) ? url : undefined;

async function listen(handler) {
  const server = createServer(handler);
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${server.address().port}` };
}

// The bench's `instant` service (bench/servers.mjs): every checkout answered with one page.
const service = await listen((request, response) => {
  request.resume();
  request.on('end', () => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html><body><form id="pay" method="POST" action="${service.url}/hosted/checkout"><input type="hidden" name="session_token" value="instant"></form></body></html>`,
    );
  });
});
const front = await listen();
const companion = await createCompanion({
  publicUrl: front.url,
  gateway: {
    baseUrl: service.url,
    merchantId: DEFAULT_MERCHANT.merchant_id,
    accountId: DEFAULT_MERCHANT.account_id,
    secretKey: DEFAULT_MERCHANT.secret_key,
  },
  database: ':memory:',
  allowedOrigins: [ORIGIN],
  operationsToken: 'path-operations-token-0123456789',
  // The bench's order: one 12.00 USD mug (bench/servers.mjs).
  resolveOrder: () => ({
    amount: '12.00',
    currency: 'USD',
    items: [{ name: 'Enamel mug', sku: 'mug', unit_price: '12.00', quantity: 1 }],
  }),
  reconcileEveryMs: 0,
  logger: pino({ level: 'silent' }),
});
front.server.on('request', companion.app);

let n = 0;
async function session() {
  n += 1;
  const response = await fetch(`${front.url}/api/checkout-sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN },
    body: JSON.stringify({
      // The bench's session body (bench/server-figures.ts).
      order_ref: `mug.path${n}`,
      attempt_key: `attempt-path-${n}`,
      client_secret: `path-client-secret-${n}`.padEnd(32, '0'),
      device: { time_zone: 'UTC', resolution: '1280x720' },
    }),
  });
  if (response.status !== 201)
    throw new Error(`session: ${response.status} ${await response.text()}`);
}

const inspector = new Session();
inspector.connect();
await inspector.post('Profiler.enable');
await inspector.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });
await session();
const { result: coverage } = await inspector.post('Profiler.takePreciseCoverage');
await inspector.post('Profiler.stopPreciseCoverage');

await inspector.post('Debugger.enable');
let breakpoints = 0;
for (const script of coverage.filter((s) => OURS(s.url))) {
  const { scriptSource } = await inspector.post('Debugger.getScriptSource', {
    scriptId: script.scriptId,
  });
  const at = (offset) => {
    const before = scriptSource.slice(0, offset).split('\n');
    return {
      scriptId: script.scriptId,
      lineNumber: before.length - 1,
      columnNumber: before.at(-1).length,
    };
  };
  for (const fn of script.functions) {
    const [range] = fn.ranges;
    if (range.startOffset === 0 || range.count === 0) continue; // the module itself; never ran
    const { locations } = await inspector.post('Debugger.getPossibleBreakpoints', {
      start: at(range.startOffset),
      end: at(range.endOffset),
      restrictToFunction: true,
    });
    if (!locations[0]) continue;
    await inspector.post('Debugger.setBreakpoint', {
      location: locations[0],
      condition: 'globalThis.__sessionPath?.push(new Error().stack), false',
    });
    breakpoints += 1;
  }
}

Error.stackTraceLimit = 200;
globalThis.__sessionPath = [];
await session();
const stacks = globalThis.__sessionPath;
globalThis.__sessionPath = undefined;
inspector.disconnect();

/** A stack as its frames of our files, outermost first: `function@file`. */
function framesOf(stack) {
  const frames = [];
  for (const line of stack.split('\n').slice(2)) {
    const match = /at (?:async )?(?:(.*?) \()?(file:[^)]+?):\d+:\d+\)?$/.exec(line.trim());
    const file = match && OURS(match[2]);
    if (file) frames.push(`${match[1] ?? '<anonymous>'}@${relative(DIST, fileURLToPath(file))}`);
  }
  return frames.reverse();
}
const fileOf = (frame) => frame.slice(frame.indexOf('@') + 1);

/**
 * The files the code is in, call by call and return by return (`timeline`), and the calls alone
 * that cross from one file into another (`calls`: a caller's file is not entered again when a
 * call returns to it), over the stacks as `keep` narrows them.
 */
function follow(stacksOfFrames) {
  const timeline = [];
  const calls = [];
  const enter = (file) => timeline.at(-1) !== file && timeline.push(file);
  let previous = [];
  for (const frames of stacksOfFrames) {
    let common = 0;
    while (
      common < previous.length &&
      common < frames.length &&
      previous[common] === frames[common]
    )
      common += 1;
    // Returns from the previous stack down to the frame both share, each into its caller's code.
    for (let i = previous.length - 2; i >= common - 1 && i >= 0; i -= 1) enter(fileOf(previous[i]));
    for (let i = common; i < frames.length; i += 1) {
      enter(fileOf(frames[i]));
      if (i === 0 || fileOf(frames[i - 1]) !== fileOf(frames[i])) calls.push(fileOf(frames[i]));
    }
    previous = frames;
  }
  return { timeline, calls };
}
const { timeline, calls } = follow(stacks.map(framesOf));

// A leaf file calls no other file of ours on this path (money, hashing, the SQLite driver): like
// a library function, it is not a step one follows the request through.
const callers = new Set();
for (const frames of stacks.map(framesOf))
  for (let i = 1; i < frames.length; i += 1)
    if (fileOf(frames[i - 1]) !== fileOf(frames[i])) callers.add(fileOf(frames[i - 1]));
const leaves = [...new Set(calls)].filter((file) => !callers.has(file)).sort();

// From the route to the answer, as the static count reads it (scripts/session-path-static.ts):
// the frames from the route's handler on, in the files that carry the request's context; the
// store, the gateway client and the helpers those files call are what the path uses, not steps.
const ROUTE = 'companion/http/routes/widget.js';
const pathFiles = new Set(
  Object.keys(staticPath.by_calls.entries_per_file).map(
    (file) => `companion/${file.replace(/\.ts$/, '.js')}`,
  ),
);
const fromRoute = follow(
  stacks
    .map(framesOf)
    .map((frames) => frames.slice(frames.findIndex((frame) => fileOf(frame) === ROUTE)))
    .filter((frames) => frames.length > 0 && fileOf(frames[0]) === ROUTE)
    .map((frames) => frames.filter((frame) => pathFiles.has(fileOf(frame)))),
);
const report = {
  from_route: {
    files_with_the_context: [...pathFiles].sort(),
    by_calls: counted(fromRoute.calls),
    by_calls_and_returns: counted(fromRoute.timeline),
    ...(process.argv.includes('--timeline') ? { timeline: fromRoute.timeline } : {}),
  },
  static: staticPath,
  functions_instrumented: breakpoints,
  function_entries: stacks.length,
  leaves,
  flow_by_calls: counted(calls.filter((file) => callers.has(file))),
  by_calls: counted(calls),
  by_calls_and_returns: counted(timeline),
  ...(process.argv.includes('--timeline') ? { timeline } : {}),
};
console.log(JSON.stringify(report, null, 2));
front.server.close();
service.server.close();
await companion.close();
process.exit(0);
