import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { packageRoot } from '../../src/package-root.js';

/** How a CLI process ended: its exit code (null when a signal ended it) and its output. */
export interface CliExit {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Starts `luau-fuzz ARGS` as a real child process (to be sent signals), its output gathered.
 *
 * @example
 * ```ts
 * const { child, done } = cliProcess(['run', '--count', '10']);
 * child.kill('SIGINT');
 * const { code } = await done;
 * ```
 */
export function cliProcess(args: string[]): { child: ChildProcess; done: Promise<CliExit> } {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(packageRoot, 'src/cli/main.ts'), ...args],
    { cwd: packageRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<CliExit>((resolve) =>
    child.on('close', (code) => resolve({ code, stdout, stderr })),
  );
  return { child, done };
}
