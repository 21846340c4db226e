import fc from 'fast-check';
import type { ModuleSet } from '../../gen/luau_pb.js';
import { printPretty } from '../../src/print/index.js';
import { LuauWebPool, type ProgramOutcome } from '../../src/runtime/index.js';

/** A program run twice: both outcomes and whether they printed the same. */
export interface TwiceRun {
  source: string;
  first: ProgramOutcome;
  second: ProgramOutcome;
}

/**
 * Samples `count` trees with `seed`, prints them with the pretty printer and runs each twice
 * in fresh luau-web VM states (a pool of worker processes with a wall-clock limit), the
 * module (when present) serving `require(module0)`.
 *
 * @example
 * ```ts
 * const runs = await runTwice(luauArbitraries({ level: 'runnable' }).moduleSet, 1, 50);
 * ```
 */
export async function runTwice(
  arb: fc.Arbitrary<ModuleSet>,
  seed: number,
  count: number,
): Promise<TwiceRun[]> {
  const trees = fc.sample(arb, { seed, numRuns: count });
  const pool = new LuauWebPool({ workers: 2, timeoutMs: 30_000 });
  try {
    return await Promise.all(
      trees.map(async (tree, i) => {
        const sources = printPretty(tree);
        const program = sources[sources.length - 1] ?? '';
        const job = {
          id: String(i),
          program,
          ...(sources.length === 2 ? { module: sources[0] } : {}),
        };
        const first = await pool.run(job);
        const second = await pool.run(job);
        return { source: sources.join('\n-- program\n'), first, second };
      }),
    );
  } finally {
    await pool.close();
  }
}
