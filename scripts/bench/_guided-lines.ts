// Lines an arm of the guided bench covered over time: its programs run again on the coverage
// build, in windows of their campaign time, each window's profiles merged into the ones before.
// (A leading `_`: not a benchmark of its own.)
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LuauBatchRunner, type LuauBatchProgram, type LuauTools } from '../../src/runtime/index.js';
import {
  coverageSummary,
  mergeProfiles,
  toolComponents,
  type LlvmTools,
} from '../../src/coverage/index.js';

/** A program of an arm, with the campaign second its step ended at. */
export interface TimedProgram extends LuauBatchProgram {
  readonly s: number;
}

/** Lines of the core components (Ast, Compiler, VM, CodeGen) covered by the programs up to `s`. */
export interface LinesPoint {
  readonly s: number;
  readonly lines: number;
}

/**
 * Lines covered by the programs of each window `[s - every, s)`, cumulated, under
 * `luau ARGS` of the coverage build.
 *
 * @example
 * ```ts
 * const curve = await linesOverTime(build, llvm, ['-O2', '--codegen'], programs, 30, 180);
 * ```
 */
export async function linesOverTime(
  build: LuauTools,
  llvm: LlvmTools,
  args: readonly string[],
  programs: readonly TimedProgram[],
  every: number,
  until: number,
): Promise<LinesPoint[]> {
  const work = mkdtempSync(join(tmpdir(), 'bench-guided-lines-'));
  const out: LinesPoint[] = [];
  let merged: string | undefined;
  try {
    for (let s = every; s - every < until; s += every) {
      // The last window takes the programs of the step that ran past the budget too.
      const last = s >= until;
      const window = programs.filter((p) => p.s >= s - every && (last || p.s < s));
      const raw = join(work, `w${s}`);
      mkdirSync(raw);
      if (window.length > 0) {
        const runner = new LuauBatchRunner(window, work);
        try {
          await runner.run(
            { luau: build.luau, args, env: { LLVM_PROFILE_FILE: join(raw, '%4m.profraw') } },
            { batchSize: 50, timeoutMs: 10_000 },
          );
        } finally {
          runner.close();
        }
      }
      const inputs = readdirSync(raw).map((f) => join(raw, f));
      if (merged !== undefined) inputs.push(merged);
      if (inputs.length > 0) {
        const next = join(work, `upto${s}.profdata`);
        await mergeProfiles(llvm, inputs, next);
        merged = next;
      }
      let lines = 0;
      if (merged !== undefined) {
        const counts = await coverageSummary(llvm, build.luau, merged);
        for (const c of toolComponents.luau) lines += counts[c]?.lines.covered ?? 0;
      }
      out.push({ s: Math.min(s, until), lines });
    }
    return out;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
