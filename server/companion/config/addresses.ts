/**
 * The three addresses a companion is given, checked alike for `createCompanion`'s options and the
 * bin's environment, each refusal saying what to write instead: its own public address
 * (`publicUrl`, `PUBLIC_URL`), the service's (`gateway.baseUrl`, `GATEWAY_BASE_URL`) and its
 * database (`database`, `DATABASE_URL`). Each slip here starts a companion that fails later and
 * elsewhere (a frame that 404s, a merchant the service "does not know", a store of its own per
 * instance), so each is refused at start.
 */
import { z } from 'zod';

/** `url` with its password hidden, for messages and logs: `postgres://app:***@db/orders`. */
export function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) {
      parsed.password = '***';
      return parsed.toString();
    }
  } catch {
    // Not a URL (a mistyped one): its `user:password@`, if it has one, is hidden all the same.
  }
  return url.replace(/^([^@/]*\/*[^:@/]*:)[^@/]+@/, '$1***@');
}

function httpUrl(value: string): URL | string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not an address: write http(s)://host[:port][/path]`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `"${value}" is not an http(s) address`;
  return url;
}

/** Why `value` cannot be the companion's public address, or undefined when it can be one. */
export function publicUrlProblem(value: string): string | undefined {
  const url = httpUrl(value);
  if (typeof url === 'string') return url;
  // Every address handed out is this one plus a path: a query or fragment would land inside them.
  if (url.search || url.hash || value.includes('?') || value.includes('#'))
    return `"${value}" has a ${url.hash ? 'fragment' : 'query'}: every address the companion hands out is this one plus a path; write ${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  // Every address handed out (to browsers, to the service) would carry them.
  if (url.username || url.password)
    return `"${withoutPassword(value)}" has a user name or password: every address the companion hands out would carry it; write ${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  return undefined;
}

/** Why `value` cannot be the service's base address, or undefined when it can be one. */
export function gatewayUrlProblem(value: string): string | undefined {
  const url = httpUrl(value);
  if (typeof url === 'string') return url;
  // The sandbox prints its API's address, /v1 included; the client adds /v1 to every path.
  if (/\/v1\/*$/.test(url.pathname))
    return `"${value}" ends in /v1, which the companion adds to each of the service's paths: write ${value.replace(/\/v1\/*$/, '')}`;
  return undefined;
}

/**
 * Why `value` is not a database the companion opens, or undefined: PostgreSQL is a
 * `postgres://` or `postgresql://` URL; anything else is SQLite's file path, or `:memory:`. A URL
 * of another scheme would otherwise be taken for a file path, each instance its own store.
 */
export function databaseProblem(value: string): string | undefined {
  const postgres = /^postgres(ql)?:\/\/[^/]/i.test(value);
  if (postgres || value === ':memory:') return undefined;
  // A scheme of any kind (`mysql://`, `postgresql:/`, `file:`), but not a Windows drive (`C:\`),
  // or the bare name of a database: a slip that would otherwise be a SQLite file of that name.
  const scheme = /^[a-z][a-z0-9+.-]+:/i.test(value) || /^[a-z]:(?![\\/])/i.test(value);
  const named = /^(postgres(ql)?|mysql|mariadb|sqlite3?|redis)$/i.test(value);
  if (!scheme && !named && value !== '') return undefined;
  return `"${withoutPassword(value)}" is not a database the companion opens: PostgreSQL is postgres://user:password@host:5432/database (or postgresql://); without a URL it is SQLite, a file path (or :memory:)`;
}

/**
 * A required setting's error: when it is missing, a sentence saying `what` it is, not zod's
 * "expected string, received undefined" (a value of another type, which only code can give, keeps
 * zod's own message).
 */
export const required = (what: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined ? `required: ${what}` : undefined,
});

/** A string option checked by `problem`, whose absence is named with `what` it is. */
function checkedText(problem: (value: string) => string | undefined, what: string) {
  return z.string(required(what)).superRefine((value, context) => {
    const found = problem(value);
    if (found) context.addIssue({ code: 'custom', message: found });
  });
}

export const publicAddress = checkedText(
  publicUrlProblem,
  'where browsers and the service reach the companion, like https://pay.shop.example',
);
export const gatewayAddress = checkedText(
  gatewayUrlProblem,
  "the payment service's address, like https://gateway.example (the sandbox: http://127.0.0.1:3100)",
);
export const databaseLocation = checkedText(
  databaseProblem,
  'a postgres:// URL, a SQLite file path, or :memory:',
);
