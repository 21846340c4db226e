import { checkerReports, isErrorDiagnostic } from '../../src/campaign/index.js';
import type { LuauBatchProgram } from '../../src/runtime/index.js';

export { diagnosticLine as errorLineOf } from '../../src/campaign/index.js';

/**
 * Type-checks programs with `luau-analyze --mode=strict` (and `flags`) as campaigns do
 * ({@link checkerReports}), and resolves to each program's type and syntax errors (empty when
 * it passes; lint warnings do not count, as they do not fail the checker). A crash or a
 * timeout of the checker rejects, naming the program and what the checker said.
 *
 * @example
 * ```ts
 * const errors = await analyzeStrict(luauAnalyze, [{ program: 'local x: number = "a"' }]);
 * ```
 */
export async function analyzeStrict(
  luauAnalyze: string,
  programs: readonly LuauBatchProgram[],
  flags: readonly string[] = [],
): Promise<string[][]> {
  const reports = await checkerReports([luauAnalyze, ...flags].join(':'), programs, {
    timeoutMs: 30_000,
  });
  const failed = reports.findIndex((r) => r.status === 'crash' || r.status === 'timeout');
  if (failed >= 0)
    throw new Error(
      `luau-analyze failed on program ${failed}:\n${reports[failed]!.lines.join('\n')}\n` +
        `${programs[failed]!.program}`,
    );
  return reports.map((r) => r.lines.filter(isErrorDiagnostic));
}
