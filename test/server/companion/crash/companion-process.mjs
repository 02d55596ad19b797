/**
 * A companion in a process of its own, for the crash matrix, run by plain node from the compiled
 * package (as a merchant runs it, and without a TypeScript loader's start-up at every restart): `<port> <gateway> <database>
 * <storefront> <operations token>`. It prints READY once it listens (after applying what a
 * previous process stored but had not applied); CRASH_AT names the durable step (the companion's
 * `acquiring-checkout:step` diagnostics channel) at which it kills itself.
 * For the scale-out test: REDIS_URL shares rate limits under RATE_LIMIT_PREFIX (one deployment's:
 * these instances each have a publicUrl of their own), RATE_LIMIT_STARTS lowers the payment-start
 * limit and TRUST_PROXY=true reads the client from X-Forwarded-For, each only when set.
 */
import { subscribe } from 'node:diagnostics_channel';
import { createServer } from 'node:http';
import pino from 'pino';
import { createCompanion, STEPS_CHANNEL } from 'acquiring-checkout-server/companion';
import { DEFAULT_MERCHANT } from 'acquiring-checkout-server/sandbox';
import { resolveOrder } from '../../../fixtures/catalogue.mjs';

const [port = '0', gateway = '', database = '', storefront = '', operationsToken = ''] =
  process.argv.slice(2);
const { REDIS_URL, RATE_LIMIT_PREFIX, RATE_LIMIT_STARTS, TRUST_PROXY, CRASH_AT } = process.env;
// A crash at the step itself: the channel calls its subscribers synchronously.
if (CRASH_AT)
  subscribe(STEPS_CHANNEL, (step) => {
    if (step === CRASH_AT) process.kill(process.pid, 'SIGKILL');
  });
const server = createServer();
await new Promise((resolve) => server.listen(Number(port), '127.0.0.1', resolve));
const companion = await createCompanion({
  publicUrl: `http://127.0.0.1:${port}`,
  gateway: {
    baseUrl: gateway,
    merchantId: DEFAULT_MERCHANT.merchant_id,
    accountId: DEFAULT_MERCHANT.account_id,
    secretKey: DEFAULT_MERCHANT.secret_key,
    timeoutMs: 3_000,
    backoffMs: 1,
  },
  database,
  allowedOrigins: [storefront],
  operationsToken,
  resolveOrder,
  reconcileEveryMs: 0,
  // Short, so the matrix sees recovery within its bound; production's default is 120 s.
  recoverAfterMs: 1_000,
  rateLimitPerMinute: 100_000,
  ...(REDIS_URL ? { redisUrl: REDIS_URL } : {}),
  ...(RATE_LIMIT_PREFIX ? { rateLimitPrefix: RATE_LIMIT_PREFIX } : {}),
  ...(RATE_LIMIT_STARTS ? { rateLimits: { startsPerMinute: Number(RATE_LIMIT_STARTS) } } : {}),
  ...(TRUST_PROXY === 'true' ? { trustProxy: true } : {}),
  logger: pino({ level: 'silent' }),
});
server.on('request', companion.app);
console.log('READY');
