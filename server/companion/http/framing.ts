/**
 * Whether the service's payment page may be framed by a storefront. A browser cannot tell a page
 * that refused to be framed from one that loaded (both fire `load`, both are cross-origin), so
 * the companion asks: a HEAD request to the page's form action, read as the browser would read
 * it (CSP frame-ancestors first, X-Frame-Options otherwise).
 */

/** The CSP `frame-ancestors` sources of a Content-Security-Policy header, if it has them. */
function frameAncestors(csp: string | null): string[] | undefined {
  for (const directive of (csp ?? '').split(/[;,]/)) {
    const [name, ...sources] = directive.trim().split(/\s+/);
    if (name?.toLowerCase() === 'frame-ancestors') return sources;
  }
  return undefined;
}

function sourceMatches(source: string, ancestor: URL, page: URL): boolean {
  if (source === '*') return true;
  if (source === "'self'") return ancestor.origin === page.origin;
  if (/^https?:$/.test(source)) return ancestor.protocol === source;
  try {
    const allowed = new URL(source.includes('://') ? source : `${page.protocol}//${source}`);
    if (allowed.hostname.startsWith('*.'))
      return ancestor.hostname.endsWith(allowed.hostname.slice(1));
    return allowed.origin === ancestor.origin;
  } catch {
    return false;
  }
}

/** The browser's verdict on framing `pageUrl`, answered with `headers`, inside `ancestorOrigin`. */
export function mayFrame(headers: Headers, pageUrl: string, ancestorOrigin: string): boolean {
  const page = new URL(pageUrl);
  const ancestor = new URL(ancestorOrigin);
  const sources = frameAncestors(headers.get('content-security-policy'));
  if (sources) return sources.some((source) => sourceMatches(source, ancestor, page));
  const xfo = headers.get('x-frame-options')?.trim().toUpperCase();
  if (xfo === 'DENY') return false;
  if (xfo === 'SAMEORIGIN') return ancestor.origin === page.origin;
  return true;
}

/**
 * Asks the page at `pageUrl` for its framing headers. An answer that does not come in time counts
 * as "may frame": the widget's own load timer still covers a page that never shows.
 */
export async function probeFraming(
  pageUrl: string,
  ancestorOrigin: string,
  timeoutMs = 1_500,
): Promise<boolean> {
  try {
    const response = await fetch(pageUrl, {
      method: 'HEAD',
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return mayFrame(response.headers, pageUrl, ancestorOrigin);
  } catch {
    return true;
  }
}

/**
 * Verdicts kept per payment page and storefront for `keepMs` (a service's framing policy is a
 * setting, not a per-payment answer), so a frame waits for the probe at most once in that time.
 */
export class FramingProbes {
  static readonly MAX = 1_000;
  readonly #kept = new Map<string, { at: number; verdict: Promise<boolean> }>();

  /** `now` is the clock the verdicts age by (a test's own, to age them without waiting). */
  constructor(
    readonly keepMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  verdict(pageUrl: string, ancestorOrigin: string): Promise<boolean> {
    const key = `${pageUrl} ${ancestorOrigin}`;
    const kept = this.#kept.get(key);
    if (kept && this.now() - kept.at < this.keepMs) return kept.verdict;
    const verdict = probeFraming(pageUrl, ancestorOrigin);
    if (this.keepMs > 0) {
      this.#kept.delete(key);
      if (this.#kept.size >= FramingProbes.MAX) this.#kept.clear(); // a bound: losing it costs a probe
      this.#kept.set(key, { at: this.now(), verdict });
    }
    return verdict;
  }
}
