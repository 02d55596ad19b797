/**
 * WebKit as a shopper on Linux has it: Debian's WebKitGTK (`webkit2gtk-driver`), its MiniBrowser
 * driven by `WebKitWebDriver` over W3C WebDriver. MiniBrowser is a GTK program and needs an X
 * display even when nobody looks, so each driver gets a private Xvfb display of its own (what
 * `xvfb-run -a` does, without its fixed waits). Nothing is downloaded.
 */
import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';
import { WebDriverSession } from './webdriver.ts';

/** MiniBrowser in the architecture's library folder (`/usr/lib/x86_64-linux-gnu/…`). */
export function miniBrowserPath(): string {
  if (process.env.WEBKIT_MINIBROWSER) return process.env.WEBKIT_MINIBROWSER;
  for (const arch of existsSync('/usr/lib') ? readdirSync('/usr/lib') : []) {
    for (const api of ['webkit2gtk-4.1', 'webkit2gtk-4.0']) {
      const path = `/usr/lib/${arch}/${api}/MiniBrowser`;
      if (existsSync(path)) return path;
    }
  }
  throw new Error(
    'WebKitGTK’s MiniBrowser is missing: sudo apt-get install -y webkit2gtk-driver xvfb',
  );
}

/** A running WebKitWebDriver on its own display: each session is a fresh MiniBrowser. */
export interface WebKit {
  /** The driver's address, for a WebDriver client. */
  url: string;
  /** A new browser window (its own cookies and storage), `width` × `height` unless told. */
  newSession(size?: { width: number; height: number }): Promise<WebDriverSession>;
  /** Ends the driver and its display; every browser it started goes with them. */
  close(): Promise<void>;
}

/**
 * `compositing`: WebKitGTK's accelerated compositing, off unless asked. Xvfb has no GPU, so it
 * runs on Mesa's software GL there, which cost the web process half its CPU (the seven payment
 * flows: 22 CPU-s, 12 without it): the tests go without, as on a machine whose GPU WebKitGTK
 * cannot use; the bench's figures keep it, as a shopper's WebKit paints.
 */
export async function startWebKit({ compositing = false } = {}): Promise<WebKit> {
  const binary = miniBrowserPath();
  const display = await startXvfb();
  const port = await freePort();
  const driver = spawnTied('WebKitWebDriver', [`--port=${port}`], {
    env: {
      ...process.env,
      DISPLAY: `:${display.number}`,
      ...(compositing ? {} : { WEBKIT_DISABLE_COMPOSITING_MODE: '1' }),
    },
    // Its browsers' chatter (no sound card, no D-Bus session) stays out of the test output; the
    // last of it is kept for the error if the driver or a browser fails.
    stdio: ['pipe', 'ignore', 'pipe'],
  });
  let chatter = '';
  driver.stderr?.on('data', (chunk: Buffer) => (chatter = (chatter + chunk).slice(-4_000)));
  const url = `http://127.0.0.1:${port}`;
  try {
    await answering(`${url}/status`, driver);
  } catch (error) {
    await untie(driver);
    await untie(display.process);
    throw new Error(`${(error as Error).message}\n${chatter}`, { cause: error });
  }
  return {
    url,
    async newSession(size = { width: 1280, height: 900 }) {
      const session = await WebDriverSession.start(url, {
        'webkitgtk:browserOptions': { binary, args: ['--automation'] },
      }).catch((error: Error) => {
        throw new Error(`${error.message}\n${chatter}`, { cause: error });
      });
      await session.setWindowRect(size);
      return session;
    },
    async close() {
      await untie(driver);
      await untie(display.process);
    },
  };
}

/**
 * Xvfb on the first free display; it writes the number it took to the pipe (`-displayfd`). With
 * `-noreset`: an X server resets itself when its last client leaves, and a browser opened in that
 * moment (the next test's, after one closed) is told "cannot open display" (seen in CI).
 */
async function startXvfb(): Promise<{ number: string; process: ChildProcess }> {
  const xvfb = spawnTied(
    'Xvfb',
    ['-displayfd', '3', '-screen', '0', '1920x1080x24', '-nolisten', 'tcp', '-noreset'],
    { stdio: ['pipe', 'ignore', 'ignore', 'pipe'] },
  );
  const pipe = xvfb.stdio[3];
  if (!pipe) throw new Error('Xvfb gave no pipe');
  const number = await new Promise<string>((resolve, reject) => {
    let text = '';
    pipe.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.includes('\n')) resolve(text.trim());
    });
    // No number and the pipe closed: Xvfb is missing or could not start.
    pipe.on('end', () =>
      reject(new Error('Xvfb did not start: is it installed? sudo apt-get install -y xvfb')),
    );
  });
  return { number, process: xvfb };
}

/** Waits until the driver answers at `status` (10 s at most). */
async function answering(status: string, driver: ChildProcess): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (
    !(await fetch(status).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (driver.exitCode !== null) throw new Error(`WebKitWebDriver exited (${driver.exitCode})`);
    if (Date.now() > deadline) throw new Error('WebKitWebDriver did not answer within 10 s');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A port nobody holds right now (the driver takes its port as an argument, not 0). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * A shell holds the program, exits with it, and ends it when its stdin reaches its end: when
 * `untie` closes it, or when this process ends however it ends (a SIGKILL from a layer's time
 * limit included), since the kernel then closes this end of the pipe. Node cannot have a child
 * end with its parent otherwise, and a display or driver left behind would hold browsers open.
 * (`cat` reads a copy of stdin, fd 4: a background command's stdin is otherwise /dev/null.)
 */
const TIE =
  '"$@" <&- & child=$!; exec 3>&- 4<&0; { cat <&4 >/dev/null; kill $child 2>/dev/null; } & wait $child';

function spawnTied(command: string, args: string[], options: SpawnOptions): ChildProcess {
  return spawn('sh', ['-c', TIE, 'sh', command, ...args], options);
}

/** Ends a program `spawnTied` started, and waits for it. */
async function untie(child: ChildProcess): Promise<void> {
  child.stdin?.end();
  await exited(child);
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}
