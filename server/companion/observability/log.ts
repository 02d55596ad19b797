/** The companion's log: JSON lines (pino), with card data, keys and tokens never written. */
import pino, { type Logger } from 'pino';

/** Card data, security codes, keys and tokens never reach the log. */
export const REDACTED = [
  'card', '*.card', 'card.number', '*.card.number', 'security_code', '*.security_code', '*.card.security_code',
  'secretKey', '*.secretKey', 'SECRET_KEY', 'operationsToken', 'operationsTokens', 'authorization', '*.authorization',
  'req.headers.authorization', 'encryption_data', '*.encryption_data', 'status_token', '*.status_token',
]; // prettier-ignore

/** The companion's logger: JSON lines at `level` (LOG_LEVEL, else info), secrets redacted. */
export function defaultLogger(level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({ level, redact: { paths: REDACTED, censor: '[redacted]' } });
}
