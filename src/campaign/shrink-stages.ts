import { equals } from '@bufbuild/protobuf';
import fc from 'fast-check';
import type { ModuleSet } from '../../gen/luau_pb.js';
import { grammar715, treeStats, type AnyGrammar } from '../tree/index.js';
import { reduceStatements } from './reduce.js';
import { shrinkProgram, type ShrinkResult } from './shrink.js';

/** A campaign's program to shrink, and the budget: what every shrinker of a finding is given. */
export interface ShrinkSubject {
  /** The arbitrary the program was drawn from (the program is replayed from it). */
  readonly arbitrary: fc.Arbitrary<ModuleSet>;
  /** The grammar of its trees. Default the seed's. */
  readonly grammar?: AnyGrammar;
  /** The campaign's seed. */
  readonly seed: number;
  /** The program's index in the campaign. */
  readonly index: number;
  /**
   * The program as recorded. When the arbitrary's replay of (seed, index) is another tree (a
   * campaign resumed by another generator version, a hand-made tree), fast-check's shrinker,
   * which needs the replay, is skipped: statements are deleted from this tree only. Default:
   * the replay is the program.
   */
  readonly tree?: ModuleSet | undefined;
  /** Candidates allowed. */
  readonly maxAttempts: number;
  /** Time allowed, in ms. */
  readonly maxTimeMs: number;
}

/** Options of {@link shrinkInStages}. */
export interface ShrinkStagesOptions extends ShrinkSubject {
  /** Whether one candidate still shows the finding. */
  readonly stillFails: (tree: ModuleSet) => Promise<boolean>;
  /** Whether each candidate of a batch still shows the finding. */
  readonly stillFail: (candidates: readonly ModuleSet[]) => Promise<readonly boolean[]>;
}

/** What {@link shrinkInStages} found: as {@link ShrinkResult} says, over both stages. */
export type ShrinkStagesResult = Omit<ShrinkResult, 'budgetExhausted'>;

/**
 * Shrinks a finding in two stages: fast-check's shrinker first (it knows how the program was
 * generated), with two thirds of the time, then statement deletion in batches on what it
 * left ({@link reduceStatements}). A program that does not replay from `(seed, index)` is
 * only run again, then reduced.
 *
 * @example
 * ```ts
 * const { tree } = await shrinkInStages({ arbitrary, seed, index, stillFails, stillFail, maxAttempts: 300, maxTimeMs: 60_000 });
 * ```
 */
export async function shrinkInStages(options: ShrinkStagesOptions): Promise<ShrinkStagesResult> {
  const started = Date.now();
  const schema = (options.grammar ?? grammar715).moduleSet;
  const [replay] = fc.sample(options.arbitrary, {
    seed: options.seed,
    path: String(options.index),
    numRuns: 1,
  });
  const original = options.tree ?? replay;
  const replays =
    options.tree === undefined ||
    (replay !== undefined && equals(schema, replay as never, options.tree as never));
  const first =
    replays || original === undefined
      ? await shrinkProgram({
          arbitrary: options.arbitrary,
          seed: options.seed,
          index: options.index,
          maxAttempts: options.maxAttempts,
          maxTimeMs: Math.ceil((options.maxTimeMs * 2) / 3),
          stillFails: options.stillFails,
        })
      : { tree: original, reproduced: await options.stillFails(original), attempts: 1 };
  // fast-check's order is its own: what it calls smaller can hold more messages than the start.
  const messages = (t: ModuleSet): number => treeStats(schema, t as never).nodes;
  let tree =
    original !== undefined && messages(first.tree) > messages(original) ? original : first.tree;
  let attempts = first.attempts;
  if (first.reproduced) {
    const reduced = await reduceStatements(tree, {
      maxTimeMs: Math.max(options.maxTimeMs - (Date.now() - started), options.maxTimeMs / 3),
      stillFail: options.stillFail,
      ...(options.grammar === undefined ? {} : { grammar: options.grammar }),
    });
    tree = reduced.tree;
    attempts += reduced.attempts;
  }
  return { tree, reproduced: first.reproduced, attempts, timeMs: Date.now() - started };
}
