import fc from 'fast-check';
import type { ModuleSet } from '../../gen/luau_pb.js';
import { printPretty } from '../../src/print/index.js';
import { compileLuau } from './luau-compile.js';

/**
 * Compiles one printed chunk with the luau-web compiler.
 *
 * @example
 * ```ts
 * expect(await compileChunk('')).toBeUndefined();
 * ```
 */
export const compileChunk: (source: string) => Promise<string | undefined> = compileLuau;

/** A generated program that did not compile, with the compiler's message. */
export interface CompileFailure {
  source: string;
  message: string;
}

/**
 * Samples `count` trees with `seed`, prints each with the pretty printer and compiles every
 * source (module and program); returns the trees and the failures.
 *
 * @example
 * ```ts
 * const { failures } = await compileSample(luauArbitraries({ level: 'scoped' }).moduleSet, 1, 100);
 * expect(failures).toEqual([]);
 * ```
 */
export async function compileSample(
  arb: fc.Arbitrary<ModuleSet>,
  seed: number,
  count: number,
): Promise<{ trees: ModuleSet[]; failures: CompileFailure[] }> {
  const trees = fc.sample(arb, { seed, numRuns: count });
  const failures: CompileFailure[] = [];
  for (const tree of trees) {
    for (const source of printPretty(tree)) {
      const message = await compileChunk(source);
      if (message !== undefined) failures.push({ source, message });
    }
  }
  return { trees, failures };
}
