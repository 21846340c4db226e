import type { Corpus } from './corpus.js';
import type { GuidedPoint } from './corpus-formats.js';
import { GuidedLoop, type GuidedLoopOptions } from './guided-loop.js';
import { guidedDefaults, type GuidedProgram } from './guided-step.js';
import type { GuidedSettings } from '../options.js';

/**
 * Options of {@link runGuided}: those of the {@link GuidedLoop} it runs (the coverage runner's
 * passed on as they are); `corpora` (tried first, kept when they reach something new),
 * `stepSize` and `mutationShare` are a guided campaign's settings, defaults
 * {@link guidedDefaults}.
 */
export interface GuidedOptions
  extends
    Pick<
      GuidedLoopOptions,
      'concurrency' | 'groupSize' | 'timeoutMs' | 'generator' | 'seed' | 'coverage' | 'dir'
    >,
    Partial<Pick<GuidedSettings, 'corpora' | 'stepSize' | 'mutationShare'>> {
  /** Stop after this many programs in all (the folder's count included). */
  readonly programs?: number | undefined;
  /** Stop after this many milliseconds of this call. */
  readonly ms?: number | undefined;
  /** Called with each step's programs (the differential oracle: every runtime of the campaign). */
  readonly onStep?: ((programs: readonly GuidedProgram[]) => Promise<void>) | undefined;
  /** Called after each step with where the campaign stands. */
  readonly onProgress?: ((progress: GuidedPoint) => void) | undefined;
}

/** What a guided campaign did. */
export interface GuidedResult {
  /** Where it stands at the end (its `t`: seconds of steps, over every call on the folder). */
  readonly progress: GuidedPoint;
  /** One point per step of this call. */
  readonly timeline: readonly GuidedPoint[];
  readonly corpus: Corpus;
}

/**
 * Runs a coverage-guided campaign on its own, through the {@link GuidedLoop} a campaign's
 * guided source runs: each step draws fresh programs (the campaign's next runs) and mutants
 * of corpus entries (picked by the rarity of what they reached first and by their yield, see
 * `entryWeight`), runs them on the coverage build, and keeps in the corpus those that reached
 * counters no program before them did. Everything is drawn from the seed and the step number,
 * and the corpus folder holds the entries, the map of counters reached and where the campaign
 * stands: a campaign stopped and run again on the same folder goes on from there, as one run
 * would have up to the engine's own nondeterminism (a program may reach a counter more or
 * less from one process to the next).
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
  const loop = GuidedLoop.open({
    ...options,
    corpora: options.corpora ?? [],
    mutationShare: options.mutationShare ?? guidedDefaults.mutationShare,
  });
  const stepSize = options.stepSize ?? guidedDefaults.stepSize;
  const before = loop.timeline().length;
  const done = (): boolean =>
    (options.programs !== undefined && loop.state.programs >= options.programs) ||
    (options.ms !== undefined && performance.now() - started >= options.ms);
  try {
    await loop.seed();
    while (!done()) {
      // A tree the printer refuses is not run, as a campaign skips it.
      await loop.step(stepSize, (programs) =>
        options.onStep === undefined
          ? Promise.resolve()
          : options.onStep(programs.filter((p) => p.printError === undefined)),
      );
      options.onProgress?.(loop.point());
    }
    return { progress: loop.point(), timeline: loop.timeline().slice(before), corpus: loop.corpus };
  } finally {
    loop.close();
  }
}
