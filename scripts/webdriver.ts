/**
 * A W3C WebDriver (classic) client: the few commands the tests and the bench send to WebKitGTK's
 * `WebKitWebDriver`, as plain HTTP. Written here rather than taken from webdriverio, whose
 * dependencies (geckodriver, edgedriver) download driver binaries when they are installed.
 */

/** The key of a web element reference in WebDriver's JSON (the spec's fixed identifier). */
const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** A web element reference, as scripts and commands exchange it. */
export interface ElementRef {
  [ELEMENT_KEY]: string;
}

/** WebDriver's code points for the keys the tests press by name (the spec's key table). */
const KEYS: Record<string, string> = {
  Backspace: '\uE003',
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Escape: '\uE00C',
  Space: '\uE00D',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Delete: '\uE017',
};

/** A key by name (`Tab`, `Enter`…) as WebDriver wants it, or a character as it is. */
export const key = (name: string): string => KEYS[name] ?? name;

export function isElementRef(value: unknown): value is ElementRef {
  return typeof value === 'object' && value !== null && ELEMENT_KEY in value;
}

/** An error answered by the driver, with WebDriver's error code (`no such element`…). */
export class WebDriverError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/** The longest one command may take (a navigation included) before it fails. */
const COMMAND_TIMEOUT_MS = 30_000;

/** One session of a WebDriver server: one browser window. */
export class WebDriverSession {
  private constructor(
    readonly base: string,
    readonly id: string,
  ) {}

  /** Opens a session on the driver at `driverUrl` with `capabilities` (always matched). */
  static async start(driverUrl: string, capabilities: object): Promise<WebDriverSession> {
    const value = (await send(driverUrl, 'POST', '/session', {
      capabilities: { alwaysMatch: capabilities },
    })) as { sessionId: string };
    return new WebDriverSession(driverUrl, value.sessionId);
  }

  #command(method: 'GET' | 'POST' | 'DELETE', path: string, body?: object): Promise<unknown> {
    return send(this.base, method, `/session/${this.id}${path}`, body);
  }

  async navigate(url: string): Promise<void> {
    await this.#command('POST', '/url', { url });
  }

  async url(): Promise<string> {
    return (await this.#command('GET', '/url')) as string;
  }

  async back(): Promise<void> {
    await this.#command('POST', '/back', {});
  }

  async refresh(): Promise<void> {
    await this.#command('POST', '/refresh', {});
  }

  /** Runs `script` (a function body: `return …`, its arguments in `arguments`) in the current frame. */
  execute<T>(script: string, args: unknown[] = []): Promise<T> {
    return this.#command('POST', '/execute/sync', { script, args }) as Promise<T>;
  }

  /** As `execute`, the script calling `arguments[arguments.length - 1](result)` when done. */
  executeAsync<T>(script: string, args: unknown[] = []): Promise<T> {
    return this.#command('POST', '/execute/async', { script, args }) as Promise<T>;
  }

  async click(element: ElementRef): Promise<void> {
    await this.#command('POST', `/element/${element[ELEMENT_KEY]}/click`, {});
  }

  async clear(element: ElementRef): Promise<void> {
    await this.#command('POST', `/element/${element[ELEMENT_KEY]}/clear`, {});
  }

  /** Types `text` into `element` as key presses (it takes the focus first). */
  async type(element: ElementRef, text: string): Promise<void> {
    await this.#command('POST', `/element/${element[ELEMENT_KEY]}/value`, { text });
  }

  /** Key presses to whatever has the focus: `keys` are characters or key names (`Tab`). */
  async keys(keys: string[]): Promise<void> {
    const actions = keys.flatMap((k) => [
      { type: 'keyDown', value: key(k) },
      { type: 'keyUp', value: key(k) },
    ]);
    await this.#command('POST', '/actions', {
      actions: [{ type: 'key', id: 'keyboard', actions }],
    });
  }

  /** Commands go to `frame`'s document from now on; `null` is the top-level document. */
  async switchToFrame(frame: ElementRef | null): Promise<void> {
    await this.#command('POST', '/frame', { id: frame });
  }

  async setWindowRect(rect: { width: number; height: number }): Promise<void> {
    await this.#command('POST', '/window/rect', rect);
  }

  async close(): Promise<void> {
    await this.#command('DELETE', '');
  }
}

async function send(base: string, method: string, path: string, body?: object): Promise<unknown> {
  const response = await fetch(`${base}${path}`, {
    method,
    ...(body === undefined
      ? {}
      : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    // A command the browser never finishes fails, naming itself, rather than holding a test.
    signal: AbortSignal.timeout(COMMAND_TIMEOUT_MS),
  }).catch((error: Error) => {
    throw new WebDriverError('timeout', `${method} ${path}: ${error.message}`);
  });
  const { value } = (await response.json()) as { value: unknown };
  if (!response.ok) {
    const { error, message } = value as { error: string; message: string };
    throw new WebDriverError(error, message);
  }
  return value;
}
