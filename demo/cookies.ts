/**
 * Reading one cookie from a request's header, where the demo's cookie parser does not run (the
 * companion's routes, which read the demo's cookies in its hooks).
 */

/**
 * The value of the cookie `name` in `header`, decoded as the browser encoded it; undefined when
 * absent or malformed (`%ff`). Quietly: anyone can send a malformed cookie, and a log line for
 * each would let them fill the log.
 */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  const raw = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(header ?? '')?.[1];
  if (raw === undefined) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}
