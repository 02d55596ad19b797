/** What the consumer test asks of an installed app and of the processes it starts. */
import { execFileSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The repository, whose packages the consumer tests pack. */
export const REPO = new URL('../..', import.meta.url).pathname;

/** Runs npm in `cwd` quietly; answers its stdout. */
export const npm = (cwd: string, ...args: string[]): string =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** The folder of every package installed under `app`'s node_modules, nested ones included. */
function installedFolders(app: string): string[] {
  const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, unknown>;
  };
  // The lock also lists what an --omit install left out: only what is on disk counts.
  return Object.keys(lock.packages).filter(
    (path) => path.startsWith('node_modules/') && existsSync(join(app, path)),
  );
}

const nameOf = (folder: string) =>
  folder.slice(folder.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** Installed packages that run a script at install (npm marks them `hasInstallScript`). */
export function installScripts(app: string): string[] {
  const lock = JSON.parse(readFileSync(join(app, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean }>;
  };
  return installedFolders(app)
    .filter((folder) => lock.packages[folder]?.hasInstallScript)
    .map(nameOf)
    .sort();
}

/** Every package installed under `app`'s node_modules, nested ones included, by name. */
export function installedPackages(app: string): string[] {
  return installedFolders(app).map(nameOf).sort();
}

/** The size of the files under `app`'s node_modules, in MB of 10^6 bytes. */
export function nodeModulesMegabytes(app: string): number {
  const folder = join(app, 'node_modules');
  const bytes = readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + statSync(join(entry.parentPath, entry.name)).size, 0);
  return bytes / 1e6;
}

/** Installed packages with native code: a node-gyp `binding.gyp`, or a `.node` file. */
export function nativeBuilds(app: string): string[] {
  return installedFolders(app)
    .filter((folder) => {
      const path = join(app, folder);
      if (existsSync(join(path, 'binding.gyp'))) return true;
      return readdirSync(path, { recursive: true }).some((file) => String(file).endsWith('.node'));
    })
    .map(nameOf)
    .sort();
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Resolves when the process prints a line matching `pattern`; rejects if it exits first. */
export function waitForLine(child: ChildProcess, pattern: RegExp): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (pattern.test(output)) resolve();
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) =>
      reject(new Error(`exited with ${code} before ${pattern}:\n${output}`)),
    );
  });
}
