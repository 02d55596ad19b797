/**
 * Device data, with the interface's field names, collected at Pay (and for the session prepared
 * before it), in the schema part (pay-part.ts): the first paint does not need it. The session's
 * id and the time zone's warming are in the script-tag file (device-session.ts).
 *
 * `data-collection` is the merchant's consent switch: `none` sends nothing but what the request
 * needs anyway (no cookies, no fingerprint), `essential` adds the browser's description, `full`
 * adds the first-party cookie and the fingerprint.
 *
 * The cookie `acquiring_checkout` is first-party (the storefront's own) and holds
 * `vid=<visitor id>&first=<unix seconds>&last=<unix seconds>`. `cookie_old` is its value as found
 * (empty on a first visit), `cookie_new` its value after this visit.
 */
import { randomId } from './device-session.ts';
import type { DeviceData } from './protocol.ts';

export type DataCollection = 'none' | 'essential' | 'full';

const COOKIE = 'acquiring_checkout';

function readCookie(): string {
  const entry = document.cookie.split('; ').find((c) => c.startsWith(`${COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(COOKIE.length + 1)) : '';
}

/**
 * The cookie as this page found it. Data is collected more than once a page (for the session
 * prepared before Pay, and at Pay): `cookie_old` stays the value from before this visit.
 */
let found: string | undefined;

/** Reads and refreshes the first-party cookie: `[old, new]`. */
function visitorCookie(now: number): [string, string] {
  const old = (found ??= readCookie());
  const fields = new URLSearchParams(old);
  const seconds = String(Math.floor(now / 1000));
  const fresh = new URLSearchParams({
    vid: fields.get('vid') ?? randomId(),
    first: fields.get('first') ?? seconds,
    last: seconds,
  });
  const value = fresh.toString();
  document.cookie = `${COOKIE}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
  return [old, value];
}

function deviceType(): string {
  if (/Mobi|Android.+Mobile|iPhone/i.test(navigator.userAgent)) return 'mobile';
  if (/iPad|Tablet|Android/i.test(navigator.userAgent)) return 'tablet';
  return 'desktop';
}

function operatingSystem(): string {
  const agent = navigator.userAgent;
  for (const [pattern, name] of [
    [/Windows/, 'Windows'],
    [/Android/, 'Android'],
    [/iPhone|iPad|iOS/, 'iOS'],
    [/Mac OS X/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ] as const)
    // prettier-ignore
    if (pattern.test(agent)) return name;
  return 'other';
}

/** The IANA time zone, read once (device-session.ts asks for it after first paint). */
let timeZone: string | undefined;

/** The device fields for `level`, without the fingerprint (see fingerprint.ts). */
export function collectDeviceData(
  level: DataCollection,
  sessionId: string,
  now = Date.now(),
): DeviceData {
  const data: DeviceData = {
    checkout_time: Math.floor(now / 1000),
    session_id: sessionId,
    platform_source: 'web',
  };
  if (level === 'none') return data;
  timeZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone;
  Object.assign(data, {
    os: operatingSystem(),
    browser: navigator.userAgent,
    browser_lang: navigator.language,
    time_zone: timeZone,
    resolution: `${screen.width}x${screen.height}`,
    color_depth: String(screen.colorDepth),
    user_agent: navigator.userAgent,
    device_type: deviceType(),
  });
  if (level === 'full') {
    const [old, fresh] = visitorCookie(now);
    data.cookie_old = old;
    data.cookie_new = fresh;
  }
  return data;
}
