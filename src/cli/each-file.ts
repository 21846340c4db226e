import { errorLine } from './error-line.js';

/**
 * Runs `action` on each file in turn: a file that fails is reported on standard error (its
 * {@link errorLine}) and the others still go; the exit status is 1 when any failed.
 *
 * @example
 * ```ts
 * await forEachFile(['a.textproto', 'b.binpb'], async (file) => convert(file));
 * ```
 */
export async function forEachFile(
  files: readonly string[],
  action: (file: string) => Promise<void>,
): Promise<void> {
  let failed = 0;
  for (const file of files) {
    try {
      await action(file);
    } catch (e) {
      failed++;
      process.stderr.write(errorLine(e));
    }
  }
  if (failed > 0) process.exitCode = 1;
}
