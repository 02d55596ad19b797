/**
 * Reads `.env` from the working directory when there is one (Node's own parser); variables
 * already set in the environment win, as with dotenv.
 */
import { existsSync } from 'node:fs';

export function loadEnvFile(path = '.env'): void {
  if (existsSync(path)) process.loadEnvFile(path);
}
