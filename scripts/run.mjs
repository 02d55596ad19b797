/** Runs a command to its end, its output shown; throws, naming it, if it fails (the build scripts). */
import { spawn } from 'node:child_process';
import { once } from 'node:events';

export async function run(command, ...args) {
  const [code] = await once(spawn(command, args, { stdio: 'inherit' }), 'exit');
  if (code !== 0) throw new Error(`${command} ${args.join(' ')} exited with ${code}`);
}
