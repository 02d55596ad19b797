/**
 * Imported before tsx by every Node test job (scripts/test.mjs): the packages that the server's
 * sources import, loaded by Node's own loader. Under tsx each module a process loads is resolved
 * and loaded through its hooks, which run on a thread of their own (Node 20 has no in-thread hooks), a
 * message there and back for each; kysely alone is 262 modules and zod 104. Loaded first, they
 * are in the module map when the sources import them, and tsx sees one import of each package
 * instead of every file inside it. The companion's and the sandbox's sources took 1.61 CPU-s to
 * import under tsx, 1.11 after this (plain node from the build: 0.55); a group of seven server
 * test files 5.8 CPU-s, 5.3 after (four runs each, the test process's own CPU). Node's test
 * runner runs an --import in the file's process only, not in its own.
 */
import './flush-before-exit.mjs';

await Promise.all(
  [
    ...['kysely', 'zod', 'express', 'pino', 'prom-client', 'fast-xml-parser'],
    ...['node-sqlite3-wasm', 'helmet', 'express-rate-limit'],
  ].map((name) => import(name)),
);
