import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { LuauBatchProgram } from '../../src/runtime/index.js';

const run = promisify(execFile);

// `./d3/program.luau(2,7): TypeError: …`; lint warnings carry the lint's name instead.
const errorLine = /\bd(\d+)\/(?:program|module0)\.luau\(\d+,\d+\): (TypeError|SyntaxError): /;

/**
 * The line (1-based) in the program of an error that {@link analyzeStrict} returned (0 for an
 * error in its module, which is never where a planted error is).
 *
 * @example
 * ```ts
 * errorLineOf('d0/program.luau(3,7): TypeError: …'); // 3
 * ```
 */
export function errorLineOf(error: string): number {
  return Number(/program\.luau\((\d+),/.exec(error)?.[1] ?? 0);
}

/**
 * Type-checks programs with `luau-analyze --mode=strict`, many files per process, and
 * resolves to each program's type and syntax errors (empty when it passes; lint warnings do
 * not count, as they do not fail the checker).
 *
 * @example
 * ```ts
 * const errors = await analyzeStrict(luauAnalyze, [{ program: 'local x: number = "a"' }]);
 * ```
 */
export async function analyzeStrict(
  luauAnalyze: string,
  programs: readonly LuauBatchProgram[],
  batchSize = 200,
  flags: readonly string[] = [],
): Promise<string[][]> {
  // `d<i>/program.luau` beside its `module0.luau`, named by constant locals on the first line
  // (the checker resolves `require` of a constant local; a global it reports as unknown).
  const dir = mkdtempSync(join(tmpdir(), 'luau-fuzz-analyze-'));
  programs.forEach((p, i) => {
    mkdirSync(join(dir, `d${i}`));
    const prelude =
      p.module === undefined ? '' : 'local module0, module1 = "./module0", "./module0"; ';
    writeFileSync(join(dir, `d${i}`, 'program.luau'), prelude + p.program);
    if (p.module !== undefined) writeFileSync(join(dir, `d${i}`, 'module0.luau'), p.module);
  });
  const errors = programs.map((): string[] => []);
  try {
    for (let i = 0; i < programs.length; i += batchSize) {
      const names = Array.from(
        { length: Math.min(batchSize, programs.length - i) },
        (_, k) => `d${i + k}/program.luau`,
      );
      const out = await run(luauAnalyze, ['--mode=strict', ...flags, ...names], {
        cwd: dir,
        maxBuffer: 256 * 1024 * 1024,
      }).catch((e: { code?: unknown; stdout?: string; stderr?: string }) => {
        // Exit status 1 means errors were found; anything else is the checker failing.
        if (e.code !== 1) throw e as Error;
        return { stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
      });
      for (const line of `${out.stdout}\n${out.stderr}`.split('\n')) {
        const m = errorLine.exec(line);
        if (m !== null) errors[Number(m[1])]?.push(line);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return errors;
}
