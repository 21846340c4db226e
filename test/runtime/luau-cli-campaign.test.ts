import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luauArbitraries, type ValidityLevel } from '../../src/arbitrary/index.js';
import { printPretty } from '../../src/print/index.js';
import { createLocalRuntime } from '../../src/runtime/local-runtime.js';
import type { ProgramOutcome } from '../../src/runtime/outcome.js';
import { parseRuntime } from '../../src/runtime/profile.js';
import { realLuau } from './luau-715.js';
import { needsShared } from '../helpers/shared.js';

/** Programs of a level as a campaign prints them: the module (if any), then the program. */
function programs(level: ValidityLevel, seed: number, count: number) {
  const trees = fc.sample(luauArbitraries({ level, profile: 'luau' }).moduleSet, {
    seed,
    numRuns: count,
  });
  return trees.map((tree, i) => {
    const sources = printPretty(tree);
    const program = sources[sources.length - 1] ?? '';
    return sources.length === 2
      ? { id: String(i), program, module: sources[0]! }
      : { id: String(i), program };
  });
}

async function runAll(
  spec: string,
  jobs: readonly { id: string; program: string; module?: string }[],
  timeoutMs: number,
): Promise<ProgramOutcome[]> {
  const rt = await createLocalRuntime(parseRuntime(spec), { workers: 2, timeoutMs });
  try {
    return await Promise.all(jobs.map((j) => rt.run(j)));
  } finally {
    await rt.close();
  }
}

/** What a differential campaign compares: failed or not, and the output (timeouts aside). */
const verdict = (o: ProgramOutcome) => `${o.status === 'ok'}:${o.outputHash}`;

// Integer literals (`5i`): Luau 0.715 at -O0 loads them as another constant (a fault of that
// build, shown in command-runtime.test.ts), so -O0 is compared on programs without them.
const integerLiteral = /\b\d+i\b/;

describe.skipIf(realLuau === undefined)('luau-cli campaigns on the real luau', needsShared, () => {
  it('runs 1,000 scoped programs on -O0 and -O2 --codegen with no false finding', async () => {
    const jobs = programs('scoped', 77, 1000);
    const [o0, o2] = await Promise.all([
      runAll(`luau-cli:-O0:path=${realLuau}`, jobs, 500),
      runAll(`luau-cli:-O2:--codegen:path=${realLuau}`, jobs, 500),
    ]);
    // Scoped programs compile: nothing the runtime adds may change that.
    expect(o0.filter((o) => o.status === 'compile-error' || o.status === 'crash')).toEqual([]);
    expect(o2.filter((o) => o.status === 'compile-error' || o.status === 'crash')).toEqual([]);
    const differ = jobs.filter((j, i) => {
      const [a, b] = [o0[i]!, o2[i]!];
      if (a.status === 'timeout' || b.status === 'timeout') return false;
      return verdict(a) !== verdict(b);
    });
    for (const j of differ) expect(`${j.module ?? ''}\n${j.program}`).toMatch(integerLiteral);
    // Most programs ran to a verdict (a time limit is no finding, but must stay rare).
    expect(o0.filter((o) => o.status === 'timeout').length).toBeLessThan(50);
  });

  it('runs runnable programs alike on -O0, -O2 and -O2 --codegen', async () => {
    const jobs = programs('runnable', 11, 400);
    const runs = await Promise.all(
      ['-O0', '-O2', '-O2:--codegen'].map((o) =>
        runAll(`luau-cli:${o}:path=${realLuau}`, jobs, 5000),
      ),
    );
    for (const run of runs) expect(run.filter((o) => o.status !== 'ok')).toEqual([]);
    jobs.forEach((_, i) => {
      expect(new Set(runs.map((r) => verdict(r[i]!))).size).toBe(1);
    });
    // The programs print: agreement is on real output, not on silence.
    expect(new Set(runs[0]!.map((o) => o.outputHash)).size).toBeGreaterThan(jobs.length / 4);
  });
});
