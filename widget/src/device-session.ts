/**
 * What device data needs before Pay, in the script-tag file: the session's id, made as the
 * element connects, and the time zone read once after first paint. The rest of device data is
 * collected at Pay by the schema part (device-data.ts).
 */

/** A random id of 32 hex digits. */
export function randomId(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

/** The element's session id, sent with its device data. */
export const newSessionId = randomId;

/**
 * The first `Intl.DateTimeFormat().resolvedOptions()` of a page costs 15–30 ms in Chromium: it is
 * asked once after first paint, so that device data collected at Pay reads the time zone at once.
 */
export function warmTimeZone(): void {
  const read = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
  if ('requestIdleCallback' in window) requestIdleCallback(read, { timeout: 1_000 });
  else setTimeout(read, 0);
}
