import { vi } from 'vitest';
import { main } from '../../src/cli/main.js';
import type { CliOutcome } from './arbitrary-cli.js';

/**
 * Runs the CLI's `main` in this process and returns its exit code and what it wrote to
 * standard output and standard error (faster than a child process, for tests of the CLI's
 * own logic; `luauFuzz` runs the real executable).
 *
 * @example
 * ```ts
 * const { code, stderr } = await mainOutput(['fuzz']);
 * ```
 */
export async function mainOutput(args: string[]): Promise<CliOutcome> {
  let stdout = '';
  let stderr = '';
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stdout += String(chunk);
    return true;
  });
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    stderr += String(chunk);
    return true;
  });
  try {
    const code = await main(args);
    return { code, stdout, stderr };
  } finally {
    out.mockRestore();
    err.mockRestore();
    process.exitCode = undefined;
  }
}
