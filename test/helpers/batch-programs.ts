import fc from 'fast-check';
import { luauArbitraries, type LuauArbitraryOptions } from '../../src/arbitrary/index.js';
import { printPretty } from '../../src/print/index.js';
import type { LuauBatchProgram } from '../../src/runtime/index.js';
import { grammar715, grammar735 } from '../../src/tree/index.js';

/**
 * Samples `count` trees with `seed` and prints each as a program (with its module, when it
 * has one) for {@link LuauBatchRunner}, in the grammar the options name.
 *
 * @example
 * ```ts
 * const programs = samplePrograms({ level: 'runnable', profile: 'luau' }, 1, 100);
 * ```
 */
export function samplePrograms(
  options: LuauArbitraryOptions,
  seed: number,
  count: number,
): LuauBatchProgram[] {
  // Trees of grammar 735 print as such (and run with its flags).
  const grammar = options.grammar === '735' ? grammar735 : grammar715;
  return fc.sample(luauArbitraries(options).moduleSet, { seed, numRuns: count }).map((t) => {
    const chunks = printPretty(t, { grammar });
    const program = chunks[chunks.length - 1] ?? '';
    return chunks.length === 2 ? { program, module: chunks[0] } : { program };
  });
}

/**
 * A failing program for an assertion message: its index, what went wrong and its source.
 *
 * @example
 * ```ts
 * expect(bad, describeFailures(seed, bad.slice(0, 3))).toEqual([]);
 * ```
 */
export function describeFailures(
  seed: number,
  failures: readonly { index: number; why: string; program: LuauBatchProgram }[],
  total: number,
): string {
  const shown = failures.slice(0, 3).map((f) => {
    const source =
      f.program.module === undefined
        ? f.program.program
        : `${f.program.module}\n-- program\n${f.program.program}`;
    return `#${f.index}: ${f.why}\n${source.slice(0, 3000)}`;
  });
  return (
    `seed ${seed} (replay with LUAU_FUZZ_SEED=${seed}): ${failures.length} of ${total} failed\n` +
    shown.join('\n----\n')
  );
}
