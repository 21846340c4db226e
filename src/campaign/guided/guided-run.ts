import { mkdirSync } from 'node:fs';
import { programRecords, type LuauArbitraryOptions } from '../../arbitrary/index.js';
import { CoverageRunner, type CoverageRunnerOptions } from '../../coverage/index.js';
import { Corpus } from './corpus.js';
import { guidedDefaults, GuidedSteps, type GuidedProgram } from './guided-step.js';
import { afterStep, readGuidedState, writeGuidedState } from './guided-state.js';
import type { GuidedSettings } from '../options.js';

/** Where a guided campaign stands. */
export interface GuidedProgress {
  /** Milliseconds since this call started. */
  readonly ms: number;
  /** Programs tried, over every call on the folder. */
  readonly programs: number;
  /** Of them, mutants of corpus entries. */
  readonly mutants: number;
  /** Counters reached so far. */
  readonly counters: number;
  /** Corpus entries. */
  readonly corpus: number;
  /** Corpus entries that are mutants. */
  readonly keptMutants: number;
}

/**
 * Options of {@link runGuided}; `concurrency`, `groupSize` and `timeoutMs` are the coverage
 * runner's, passed on as they are; `corpora` (tried first, kept when they reach something
 * new), `stepSize` and `mutationShare` are a guided campaign's settings, defaults
 * {@link guidedDefaults}.
 */
export interface GuidedOptions
  extends
    Pick<CoverageRunnerOptions, 'concurrency' | 'groupSize' | 'timeoutMs'>,
    Partial<Pick<GuidedSettings, 'corpora' | 'stepSize' | 'mutationShare'>> {
  /** The generator's options (level, profile, limits). */
  readonly generator: LuauArbitraryOptions;
  /** The campaign's seed: fresh programs are its runs, mutations are drawn from it. */
  readonly seed: number;
  /** The coverage build's `luau` and its options (`['-O2', '--codegen']`). */
  readonly coverage: { readonly luau: string; readonly args: readonly string[] };
  /** The corpus folder: read when it exists (a resumed campaign), written as entries are kept. */
  readonly dir: string;
  /** Stop after this many programs in all (the folder's count included). */
  readonly programs?: number | undefined;
  /** Stop after this many milliseconds of this call. */
  readonly ms?: number | undefined;
  /** Called with each step's programs (the differential oracle: every runtime of the campaign). */
  readonly onStep?: ((programs: readonly GuidedProgram[]) => Promise<void>) | undefined;
  /** Called after each step. */
  readonly onProgress?: ((progress: GuidedProgress) => void) | undefined;
}

/** What a guided campaign did. */
export interface GuidedResult {
  readonly progress: GuidedProgress;
  /** One point per step. */
  readonly timeline: readonly GuidedProgress[];
  readonly corpus: Corpus;
}

/**
 * Runs a coverage-guided campaign: each step draws fresh programs (the campaign's next runs)
 * and mutants of corpus entries (picked by the rarity of what they reached first and by
 * their yield, see `entryWeight`), runs them on the coverage build, and keeps in the corpus
 * those that reached counters no program before them did. Everything is drawn from the seed and the step number, and the corpus folder holds
 * the entries, the map of counters reached and where the campaign stands: a campaign stopped
 * and run again on the same folder goes on from there, as one run would have up to the
 * engine's own nondeterminism (a program may reach a counter more or less from one process to
 * the next).
 *
 * @example
 * ```ts
 * const { progress } = await runGuided({
 *   generator: { level: 'runnable', profile: 'luau' }, seed: 1,
 *   coverage: { luau: '../shared/tools/luau-715-coverage/luau', args: ['-O2', '--codegen'] },
 *   dir: 'campaign/corpus', ms: 60_000,
 * });
 * ```
 */
export async function runGuided(options: GuidedOptions): Promise<GuidedResult> {
  const started = performance.now();
  const corpus = Corpus.load(options.dir);
  let state = readGuidedState(options.dir);
  mkdirSync(options.dir, { recursive: true });
  corpus.claim(options.generator);
  const runner = new CoverageRunner({
    luau: options.coverage.luau,
    args: options.coverage.args,
    concurrency: options.concurrency,
    groupSize: options.groupSize,
    timeoutMs: options.timeoutMs,
    map: corpus.map,
  });
  const steps = new GuidedSteps({
    records: programRecords(options.generator),
    grammar: corpus.grammar,
    corpus,
    runner,
    seed: options.seed,
    mutationShare: options.mutationShare ?? guidedDefaults.mutationShare,
  });
  const stepSize = options.stepSize ?? guidedDefaults.stepSize;
  const timeline: GuidedProgress[] = [];
  const progress = (): GuidedProgress => ({
    ms: performance.now() - started,
    programs: state.programs,
    mutants: state.timeline[state.timeline.length - 1]?.mutants ?? 0,
    counters: runner.map.reachedCount,
    corpus: corpus.entries.length,
    keptMutants: corpus.entries.filter((e) => e.origin.kind === 'mutant').length,
  });
  try {
    // Entries of other corpora first: what they reach counts, and they become entries here.
    if (state.programs === 0) await steps.seed(options.corpora ?? []);
    const done = (): boolean =>
      (options.programs !== undefined && state.programs >= options.programs) ||
      (options.ms !== undefined && performance.now() - started >= options.ms);
    while (!done()) {
      const stepStarted = performance.now();
      const indices = Array.from({ length: stepSize }, (_, k) => state.programs + k);
      const step = await steps.step(state, indices);
      await options.onStep?.(step.programs.filter((p) => p.printError === undefined));
      state = afterStep(state, step, {
        programs: stepSize,
        seconds: (performance.now() - stepStarted) / 1000,
        counters: runner.map.reachedCount,
        corpus: corpus.entries.length,
      });
      writeGuidedState(options.dir, state);
      const now = progress();
      timeline.push(now);
      options.onProgress?.(now);
    }
    return { progress: progress(), timeline, corpus };
  } finally {
    runner.close();
  }
}
