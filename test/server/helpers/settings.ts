/**
 * A companion's settings that pass every check at start, for the tests that change one of them:
 * the options in code (`OPTIONS`, the service at a port nobody answers) and the bin's environment
 * (`ENV`).
 */
import pino from 'pino';
import type { CompanionConfig } from '../../../server/companion/config/index.ts';
import { OPS_TOKEN, SHOP } from './companion.ts';
import { gatewayAt } from './sandbox.ts';

export const OPTIONS: CompanionConfig = {
  publicUrl: 'http://127.0.0.1:3200',
  gateway: gatewayAt('http://127.0.0.1:9'),
  database: ':memory:',
  allowedOrigins: [SHOP],
  operationsToken: OPS_TOKEN,
  resolveOrder: async () => undefined,
  reconcileEveryMs: 0,
  logger: pino({ level: 'silent' }),
};

export const ENV = {
  GATEWAY_BASE_URL: 'http://127.0.0.1:9',
  MERCHANT_ID: 'm',
  ACCOUNT_ID: 'a',
  SECRET_KEY: 'secret-key-1',
  ALLOWED_ORIGINS: SHOP,
  OPERATIONS_TOKEN: OPS_TOKEN,
  ORDER_RESOLVER: './orders.mjs',
};
