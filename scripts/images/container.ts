/**
 * Images built and run with buildah, without a daemon: `buildah bud` builds (chroot isolation,
 * the host's network: what these machines allow), and a container starts as its image says
 * (entrypoint and command, user, working directory, environment) through `buildah from` and
 * `buildah run` on the host's network, so it reaches this machine's PostgreSQL and Redis at
 * 127.0.0.1 and answers there. buildah does not pass a signal on to the process it runs, and a
 * chroot-isolated process shares the host's process ids, so a stop signals the container's own
 * process, found among buildah's descendants.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const ISOLATION = ['--isolation=chroot', '--network=host'];

/**
 * Builds the Dockerfile's `target` as `tag`, layers cached between builds (the stages two targets
 * share are built once).
 */
export async function buildImage(target: string, tag: string): Promise<void> {
  // The docker format keeps HEALTHCHECK, which OCI's image format has no field for.
  const args = [
    'bud',
    ...ISOLATION,
    '--layers',
    '--format',
    'docker',
    '--target',
    target,
    '-t',
    tag,
  ];
  const child = spawn('buildah', [...args, '.'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`buildah bud --target ${target} failed (${code}):\n${output}`);
}

/** What an image says about how it runs (`podman image inspect`). */
export interface ImageConfig {
  entrypoint: string[];
  cmd: string[];
  /** Its HEALTHCHECK's command (`["CMD-SHELL", "node -e …"]`), if it has one. */
  healthcheck: string[];
  size: number;
}

export async function imageConfig(tag: string): Promise<ImageConfig> {
  const { stdout } = await exec('podman', ['image', 'inspect', tag]);
  const [image] = JSON.parse(stdout) as {
    Config: { Entrypoint?: string[]; Cmd?: string[] };
    Healthcheck?: { Test?: string[] };
    Size: number;
  }[];
  if (!image) throw new Error(`no image ${tag}`);
  return {
    entrypoint: image.Config.Entrypoint ?? [],
    cmd: image.Config.Cmd ?? [],
    healthcheck: image.Healthcheck?.Test ?? [],
    size: image.Size,
  };
}

/** The command a HEALTHCHECK's test runs: `CMD-SHELL` through the image's shell, `CMD` as it is. */
function healthCommand(test: string[]): string[] {
  const [kind, ...rest] = test;
  if (kind === 'CMD-SHELL') return ['/bin/sh', '-c', rest.join(' ')];
  if (kind === 'CMD') return rest;
  throw new Error(`no HEALTHCHECK command (${test.join(' ') || 'none'})`);
}

export interface Container {
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  /** Whether it has ended. */
  ended(): boolean;
  /** Runs the image's HEALTHCHECK in it, as an engine would: its exit code (0: healthy). */
  health(): Promise<number>;
  /** Its own process (the image's entrypoint), once buildah has started it. */
  process(): Promise<{ pid: number; uid: number }>;
  /** Sends `signal` to its process; resolves with buildah's exit code once it has ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  /** Ends it by force if still running, and removes the working container. */
  remove(): Promise<void>;
}

/** Each process's parent and name, from /proc. */
function processes(): { pid: number; parent: number; name: string }[] {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // `pid (name) state ppid …`: the name may hold spaces and parentheses; what follows may not.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      found.push({ pid: Number(entry), parent, name });
    } catch {
      // ended meanwhile
    }
  }
  return found;
}

/** The deepest descendant of `root` named `name` (the container's process), if it runs yet. */
function descendantNamed(root: number, name: string): number | undefined {
  const all = processes();
  const found: number[] = [];
  const visit = (pid: number) => {
    for (const child of all.filter((p) => p.parent === pid)) {
      if (child.name === name) found.push(child.pid);
      visit(child.pid);
    }
  };
  visit(root);
  return found.at(-1);
}

/** Starts a container of `tag` with `env` added to its image's, running its entrypoint and command. */
export async function startContainer(
  tag: string,
  env: Record<string, string>,
  args: string[] = [],
): Promise<Container> {
  const config = await imageConfig(tag);
  const command = [...config.entrypoint, ...(args.length ? args : config.cmd)];
  const name = `ci-${tag.replace(/\W+/g, '-')}-${process.pid}`;
  await exec('buildah', ['rm', name]).catch(() => undefined); // a run that was cut short
  await exec('buildah', ['from', '--name', name, tag]);
  const envArgs = Object.entries(env).flatMap(([key, value]) => ['--env', `${key}=${value}`]);
  const run = ['run', ...ISOLATION, ...envArgs, name, '--', ...command];
  const child: ChildProcess = spawn('buildah', run, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const program = command[0] ?? '';
  const ownProcess = async () => {
    for (;;) {
      const pid = child.pid && descendantNamed(child.pid, program);
      if (pid) {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        return { pid, uid: Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]) };
      }
      if (child.exitCode !== null) throw new Error(`${tag} ended at start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return {
    output: () => output,
    ended: () => child.exitCode !== null || child.signalCode !== null,
    health: async () => {
      const check = healthCommand(config.healthcheck);
      return exec('buildah', ['run', ...ISOLATION, ...envArgs, name, '--', ...check]).then(
        () => 0,
        (error: { code?: number }) => error.code ?? 1,
      );
    },
    process: ownProcess,
    stop: async (signal = 'SIGTERM') => {
      process.kill((await ownProcess()).pid, signal);
      return exited;
    },
    remove: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const pid = child.pid && descendantNamed(child.pid, program);
        if (pid) process.kill(pid, 'SIGKILL');
        await exited;
      }
      await exec('buildah', ['rm', name]);
    },
  };
}
