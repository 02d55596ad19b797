/**
 * What both bins do first: a Node older than the package's floor refused with the fix,
 * `--help` and `--version` answered, an argument they do not know refused with their usage (the
 * sandbox's bin once started a sandbox for `--help`); and a port or host they cannot listen on
 * said with its variable, not as a raw `EADDRINUSE` stack.
 */
import { nodeFloorProblem, packageManifest } from '../node-floor.ts';
import { isRecord, messageOf } from '../unknown.ts';
import { listen } from './listen.ts';

/** A bin's name, its usage (after the `Usage:` line's name), and the commands it takes. */
export interface BinUsage {
  name: string;
  /** The lines after `Usage: <name> …`, each command and what it does, then where settings come from. */
  usage: string;
  /** The first arguments it takes besides the options (`doctor`). */
  commands: string[];
}

/** Prints `message` to stderr and ends the process with `code`. */
export function stop(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

/**
 * Answers `--help` and `--version` (exit 0), refuses an older Node and an unknown argument
 * (exit 1 and 2); otherwise returns the arguments for the bin to act on.
 */
export function preflight(bin: BinUsage, args = process.argv.slice(2)): string[] {
  const tooOld = nodeFloorProblem();
  if (tooOld) stop(tooOld);
  const { version, homepage } = packageManifest();
  const [first] = args;
  if (first === '--version' || first === '-v') {
    console.log(version);
    process.exit(0);
  }
  const help = `${bin.name} ${version}\n\n${bin.usage.trimEnd()}\n\nDocs: ${homepage}`;
  if (first === '--help' || first === '-h') {
    console.log(help);
    process.exit(0);
  }
  if (first !== undefined && !bin.commands.includes(first))
    stop(`${bin.name}: no command or option ${first}\n\n${help}`, 2);
  return args;
}

/** What to do about a listen that failed with `code`, said by the variables and their values. */
function listenFix(
  code: string,
  names: { port: string; host: string },
  port: number,
  host: string,
): string | undefined {
  const other = `set ${names.host} to one of its addresses, 127.0.0.1, or 0.0.0.0 for all of them`;
  switch (code) {
    case 'EADDRINUSE':
      return `${names.port}=${port} is in use on ${host}: stop what listens there, or set ${names.port} to a free port (0 takes any)`;
    case 'EACCES':
      return `${names.port}=${port} may not be opened by this user: ports below 1024 need privileges; set ${names.port} to 1024 or above`;
    case 'EADDRNOTAVAIL':
      return `${names.host}=${host} is not an address of this machine: ${other}`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${names.host}=${host} is not a host name this machine resolves: ${other}`;
    default:
      return undefined;
  }
}

/**
 * Listens as `listen` does, or stops the process with what went wrong said by the variables
 * `names` gives (`{ port: 'PORT', host: 'HOST' }`), their values, and the fix.
 */
export async function listenOrStop(
  port: number,
  host: string,
  names: { port: string; host: string },
): Promise<Awaited<ReturnType<typeof listen>>> {
  try {
    return await listen(port, host);
  } catch (error) {
    const code = isRecord(error) && typeof error.code === 'string' ? error.code : '';
    const fix = listenFix(code, names, port, host);
    return stop(fix ?? `cannot listen on ${host}:${port}: ${messageOf(error)}`);
  }
}
