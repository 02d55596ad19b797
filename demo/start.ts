/**
 * `npm start`: the sandbox, a companion on embedded SQLite and the demo, in one process. PORT sets
 * the storefront's port (3000); the sandbox and the companion take the next hundreds unless
 * SANDBOX_PORT / COMPANION_PORT say otherwise. State lives in ./data. Ctrl-C stops it all.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import pino from 'pino';
import { z } from 'zod';
import { startDemoStack } from './stack.ts';

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  COMPANION_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  DATA_DIR: z.string().default('data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
  SANDBOX_ADMIN: z.enum(['0', '1']).default('0'),
});

const parsed = Env.safeParse(process.env);
if (!parsed.success) {
  console.error(
    `invalid demo configuration:\n  ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n  ')}`,
  );
  process.exit(1);
}
const env = parsed.data;

/** The widget is built when dist/ is missing or older than any of its sources. */
function widgetIsStale(): boolean {
  const built = 'widget/dist/acquiring-checkout.js';
  if (!existsSync(built) || !existsSync('widget/dist/acquiring-checkout.esm.js')) return true;
  const at = statSync(built).mtimeMs;
  return readdirSync('widget/src').some((name) => statSync(`widget/src/${name}`).mtimeMs > at);
}
if (widgetIsStale()) {
  console.log('Building the widget (npm run build)…');
  execFileSync(process.execPath, ['widget/build.mjs'], { stdio: 'inherit' });
}

/**
 * The docs (served at /docs) are built when docs/dist is missing or older than anything they are
 * made from: their Markdown, their build, the element's manifest, the server package's TSDoc.
 */
function docsAreStale(): boolean {
  const built = 'docs/dist/index.html';
  if (!existsSync(built)) return true;
  const at = statSync(built).mtimeMs;
  const sources = ['docs/site', 'scripts/docs', 'server'].flatMap((dir) =>
    readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && !/(^|\/)dist(\/|$)/.test(entry.parentPath))
      .map((entry) => `${entry.parentPath}/${entry.name}`),
  );
  return [...sources, 'widget/custom-elements.json'].some((file) => statSync(file).mtimeMs > at);
}
if (docsAreStale()) {
  console.log('Building the docs (npm run docs)…');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/docs/build.ts'], {
    stdio: 'inherit',
  });
}

const stack = await startDemoStack({
  port: env.PORT,
  ...(env.SANDBOX_PORT !== undefined ? { sandboxPort: env.SANDBOX_PORT } : {}),
  ...(env.COMPANION_PORT !== undefined ? { companionPort: env.COMPANION_PORT } : {}),
  dataDir: env.DATA_DIR,
  sandbox: { admin: env.SANDBOX_ADMIN === '1' },
  logger: pino({ level: env.LOG_LEVEL }),
}).catch((error: unknown) => {
  const message = (error as Error).message;
  console.error(`could not start the demo: ${message}`);
  if ((error as { code?: string }).code === 'EADDRINUSE')
    console.error('a port is taken: set PORT (and SANDBOX_PORT, COMPANION_PORT) to free ones');
  process.exit(1);
});

console.log(`
  Storefront          ${stack.storefrontUrl}/
  SPA / React         ${stack.storefrontUrl}/spa  ${stack.storefrontUrl}/react
  Operations console  ${stack.storefrontUrl}/console
  Docs                ${stack.storefrontUrl}/docs/
  Playground          ${stack.storefrontUrl}/playground
  Companion           ${stack.companionUrl}
  Sandbox             ${stack.sandboxUrl}/v1
  State               ${env.DATA_DIR}/ (SQLite)

  Pay with 4111 1111 1111 1111 (any future expiry, any CVC); 4000 0000 0000 0002 is declined,
  4000 0000 0000 3220 asks for 3-D Secure (code 1234). Ctrl-C stops.
`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await stack.close();
  console.log('stopped');
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
