import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { packageRoot } from '../../src/package-root.js';

const run = promisify(execFile);

/** Exit code and output of one CLI run. */
export interface CliOutcome {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs the real `luau-fuzz` CLI in a child process.
 *
 * @example
 * ```ts
 * const { code, stdout } = await luauFuzz('gen', '--count', '3', '--out', dir);
 * ```
 */
export async function luauFuzz(...args: string[]): Promise<CliOutcome> {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', join(packageRoot, 'src', 'cli', 'main.ts'), ...args],
      { cwd: packageRoot, maxBuffer: 64 * 1024 * 1024 },
    );
    return { code: 0, stdout, stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, stdout: err.stdout, stderr: err.stderr };
  }
}
