/**
 * The store opened at start (by `createCompanion` and by `doctor`), and what a failure to open it
 * means to the merchant: PostgreSQL's refusals and the socket's name a connection's fault ("connect
 * ECONNREFUSED 127.0.0.1:4198", `database "orders" does not exist`), never the setting behind
 * it. Each is told again naming DATABASE_URL (or DATA_DIR for the embedded file), the address
 * without its password, and the fix.
 */
import { CompanionStore } from '../store/index.ts';
import { withoutPassword } from '../config/index.ts';
import { isRecord, messageOf } from '../../unknown.ts';

/** What to do about PostgreSQL's codes, and the socket's, for a database opened at start. */
const FIXES: Record<string, string> = {
  ECONNREFUSED: 'nothing answers at its host and port: check them, and that the server is up',
  ENOTFOUND: 'its host name is not known: check it',
  EAI_AGAIN: 'its host name could not be looked up: check it, and the DNS',
  ETIMEDOUT: 'its host did not answer: check the host, the port and the firewall between',
  EHOSTUNREACH: 'its host cannot be reached from here: check the host and the network',
  '3D000': 'create that database (createdb), or name one that exists',
  '28P01': 'check the user and password',
  '28000': "the server does not let this user in from here: check the user, or the server's pg_hba.conf",
  '42501': "the user may not create the companion's tables: grant it CREATE on the schema, or use an owner",
}; // prettier-ignore

/** A socket error's code and words: Node gives an AggregateError with no message of its own when a host has several addresses. */
function reasonOf(error: unknown): { code: string; message: string } {
  const inner = error instanceof AggregateError ? error.errors[0] : undefined;
  const code = [error, inner].map((e) => (isRecord(e) ? e.code : undefined)).find(Boolean);
  const message = messageOf(error) || messageOf(inner);
  return { code: typeof code === 'string' ? code : '', message };
}

/** The error of a store that would not open at `location`, said as the setting to fix. */
export function storeOpeningError(location: string, error: unknown): Error {
  const { code, message } = reasonOf(error);
  const text = /^postgres(ql)?:\/\//.test(location)
    ? `DATABASE_URL (database): PostgreSQL at ${withoutPassword(location)} cannot be opened (${message}): ${FIXES[code] ?? 'check DATABASE_URL, and that the server is up'}`
    : `DATA_DIR (database): the SQLite file ${location} cannot be opened (${message}): check that its folder exists or can be made, and that this user may write there`;
  return new Error(text, { cause: error });
}

/** Opens and migrates the store at `location`, or throws naming the setting and its fix. */
export async function openStore(
  location: string,
  onIdleError?: (error: Error) => void,
): Promise<CompanionStore> {
  try {
    return await CompanionStore.open(location, onIdleError);
  } catch (error) {
    throw storeOpeningError(location, error);
  }
}
