import fc from 'fast-check';
import type { ModuleSet } from '../../gen/luau_pb.js';

/** Options of {@link shrinkProgram}. */
export interface ShrinkOptions {
  /** The arbitrary the program was drawn from. */
  readonly arbitrary: fc.Arbitrary<ModuleSet>;
  /** The campaign's seed. */
  readonly seed: number;
  /** The program's index (fast-check replays it with `path: String(index)`). */
  readonly index: number;
  /** Runs a candidate (remotely) and tells whether it still shows the finding. */
  readonly stillFails: (tree: ModuleSet) => Promise<boolean>;
  /** Candidate runs allowed (the original's re-run included). Default 300. */
  readonly maxAttempts?: number;
  /** Time allowed, in ms. Default 60 000. */
  readonly maxTimeMs?: number;
}

/** What shrinking found. */
export interface ShrinkResult {
  /** The smallest tree that still fails (the original when nothing smaller did, or it did not reproduce). */
  readonly tree: ModuleSet;
  /** Whether the original failed again when re-run. */
  readonly reproduced: boolean;
  /** Candidates run. */
  readonly attempts: number;
  /** Time spent, in ms. */
  readonly timeMs: number;
  /** True when a budget ran out before fast-check finished shrinking. */
  readonly budgetExhausted: boolean;
}

/**
 * Shrinks a campaign's program with fast-check's own shrinker: `fc.check` replays the value
 * drawn at `path: String(index)` with the campaign's seed (so the shrinker has the value's
 * generation context) and walks its shrink tree, re-running each candidate through
 * `stillFails` until the attempt or time budget is spent (then the candidates left pass
 * without running, which ends the search with the smallest failure so far).
 *
 * @example
 * ```ts
 * const { tree } = await shrinkProgram({ arbitrary, seed, index: 17, stillFails: async (t) => crashes(t) });
 * ```
 */
export async function shrinkProgram(options: ShrinkOptions): Promise<ShrinkResult> {
  const maxAttempts = options.maxAttempts ?? 300;
  const maxTimeMs = options.maxTimeMs ?? 60_000;
  const started = Date.now();
  let attempts = 0;
  let exhausted = false;
  let original: ModuleSet | undefined;
  let smallest: ModuleSet | undefined;
  const property = fc.asyncProperty(options.arbitrary, async (tree) => {
    original ??= tree;
    if (attempts >= maxAttempts || Date.now() - started >= maxTimeMs) {
      exhausted = true;
      return true;
    }
    attempts++;
    const fails = await options.stillFails(tree);
    if (fails) smallest = tree;
    return !fails;
  });
  const details = await fc.check(property, {
    seed: options.seed,
    path: String(options.index),
    numRuns: 1,
    endOnFailure: false,
  });
  const counterexample = details.counterexample?.[0] ?? smallest;
  return {
    tree: counterexample ?? original!,
    reproduced: details.failed,
    attempts,
    timeMs: Date.now() - started,
    budgetExhausted: exhausted,
  };
}
