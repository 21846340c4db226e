import { dirname, join } from 'node:path';
import {
  coverageLuau,
  coverageModeNames,
  coverageModes,
  findLlvmTools,
  measureEngineCoverage,
  type CoverageModeName,
  type CoverageRunOptions,
  type EngineCoverage,
} from '../../coverage/index.js';
import { corpusPrograms } from './corpus-programs.js';

/**
 * The engine coverage of a guided campaign: line and branch coverage per component of the
 * coverage build, reached by its corpus, or why it could not be measured.
 */
export type CorpusCoverage =
  { readonly measured: EngineCoverage } | { readonly unavailable: string };

/** Options of {@link corpusCoverage}. */
export interface CorpusCoverageOptions extends Pick<
  CoverageRunOptions,
  'timeoutMs' | 'concurrency'
> {
  /** Folder of `llvm-profdata` and `llvm-cov`. Default: the PATH. */
  readonly llvmBin?: string | undefined;
}

function modeOf(args: readonly string[]): CoverageModeName | undefined {
  return coverageModeNames.find((name) => {
    const mode = coverageModes[name];
    return mode.tool === 'luau' && mode.args.join(' ') === args.join(' ');
  });
}

/**
 * Measures what a guided campaign's corpus reaches of the coverage build, in the coverage
 * runtime's mode: every counter the campaign reached was reached first by a program the corpus
 * kept, so the corpus, run again, reaches what the campaign did (up to the engine's own
 * nondeterminism). Reading the profiles per source line needs `llvm-profdata` and `llvm-cov`
 * (the same LLVM as the build); without them, or for options that are none of
 * `luau-fuzz coverage`'s modes, the answer says what is missing instead.
 *
 * @example
 * ```ts
 * const c = await corpusCoverage('runs/c1/corpus', 'luau-cli:-O2:--codegen:path=cov/luau');
 * if ('measured' in c) console.log(formatEngineCoverage(c.measured)); else console.log(c.unavailable);
 * ```
 */
export async function corpusCoverage(
  corpusDir: string,
  coverage: string,
  options: CorpusCoverageOptions = {},
): Promise<CorpusCoverage> {
  const { luau, args } = coverageLuau(coverage);
  const mode = modeOf(args);
  if (mode === undefined)
    return {
      unavailable:
        `the coverage runtime's options (${args.join(' ')}) are none of the modes engine ` +
        `coverage is measured in (${coverageModeNames.filter((m) => coverageModes[m].tool === 'luau').join(', ')})`,
    };
  let llvm;
  try {
    llvm = findLlvmTools({ llvmBin: options.llvmBin });
  } catch (e) {
    return { unavailable: (e as Error).message };
  }
  const generated = corpusPrograms(corpusDir).flatMap((p) =>
    p.sources === undefined ? [] : [p.sources],
  );
  if (generated.length === 0) return { unavailable: `the corpus in ${corpusDir} is empty` };
  const measured = await measureEngineCoverage({
    // The runtime's own executable (checked for coverage by coverageLuau), whatever its name.
    build: {
      dir: dirname(luau),
      luau,
      luauCompile: join(dirname(luau), 'luau-compile'),
      luauAnalyze: join(dirname(luau), 'luau-analyze'),
      faulty: [],
    },
    llvm,
    modes: [mode],
    generated,
    timeoutMs: options.timeoutMs,
    concurrency: options.concurrency,
  });
  return { measured };
}
