import type { ModuleSet } from '../../gen/luau_pb.js';
import type { ValidityLevel } from '../arbitrary/index.js';
import { grammar715, type AnyGrammar } from '../tree/index.js';
import type { ProgramJob, ProgramOutcome } from '../runtime/index.js';
import type { FindingKind } from './classify.js';
import { sourcesOf } from './programs.js';
import type { ProjectPool } from './projects.js';
import { shrinkInStages, type ShrinkStagesResult, type ShrinkSubject } from './shrink-stages.js';
import { reproduces } from './triage.js';

/** Runs a candidate are given before it counts as not reproducing. */
const RUN_ATTEMPTS = 3;

/**
 * Runs one tree under every runtime of the pool, on whichever project has a free slot.
 * Resolves to `undefined` when it cannot be printed or no project ran it.
 *
 * @example
 * ```ts
 * const outcomes = await runTreeRemotely(pool, tree);
 * ```
 */
export async function runTreeRemotely(
  pool: ProjectPool,
  tree: ModuleSet,
  grammar: AnyGrammar = grammar715,
): Promise<ProgramOutcome[] | undefined> {
  let sources: { program: string; module?: string };
  try {
    sources = sourcesOf(tree, grammar);
  } catch {
    return undefined;
  }
  for (let attempt = 0; attempt < RUN_ATTEMPTS; attempt++) {
    await pool.waitForCapacity();
    try {
      const result = await pool.runBatch(
        [{ id: 'candidate', program: sources.program, module: sources.module }],
        { counted: false },
      );
      const outcomes = result.outcomes.get('candidate');
      if (outcomes !== undefined) return outcomes;
    } catch {
      // Another project (or this one, after resting) gets the next attempt.
    }
  }
  return undefined;
}

/** Largest batch of shrinking candidates, in characters of source. */
const CANDIDATE_BATCH_CHARS = 200_000;

/**
 * Runs trees together under every runtime of the pool (in as few batches as their size
 * allows). Resolves to one entry per tree: its outcomes, or `undefined` when it cannot be
 * printed or no project ran it.
 *
 * @example
 * ```ts
 * const outcomes = await runTreesRemotely(pool, candidates);
 * ```
 */
export async function runTreesRemotely(
  pool: ProjectPool,
  trees: readonly ModuleSet[],
  grammar: AnyGrammar = grammar715,
): Promise<(ProgramOutcome[] | undefined)[]> {
  const results: (ProgramOutcome[] | undefined)[] = trees.map(() => undefined);
  const jobs: ProgramJob[] = [];
  trees.forEach((tree, k) => {
    try {
      const s = sourcesOf(tree, grammar);
      jobs.push({ id: String(k), program: s.program, module: s.module });
    } catch {
      // Unprintable: stays undefined.
    }
  });
  let start = 0;
  while (start < jobs.length) {
    let end = start;
    let chars = 0;
    while (end < jobs.length && (end === start || chars < CANDIDATE_BATCH_CHARS)) {
      chars += jobs[end]!.program.length + (jobs[end]!.module?.length ?? 0);
      end++;
    }
    const batch = jobs.slice(start, end);
    for (let attempt = 0; attempt < RUN_ATTEMPTS; attempt++) {
      await pool.waitForCapacity();
      try {
        const result = await pool.runBatch(batch, { counted: false });
        for (const job of batch) results[Number(job.id)] = result.outcomes.get(job.id);
        break;
      } catch {
        // Another project (or this one, after resting) gets the next attempt.
      }
    }
    start = end;
  }
  return results;
}

/** What to shrink: a campaign's program and the finding it showed. */
export interface RemoteShrinkArgs extends ShrinkSubject {
  /** The projects that run the candidates. */
  readonly pool: ProjectPool;
  /** The campaign's validity level (what counts as a finding). */
  readonly level: ValidityLevel;
  /** The finding to keep while shrinking. */
  readonly kind: FindingKind;
  /** The runtime specs of the pool (the finding's signature names them). */
  readonly runtimes: readonly string[];
  /** The program's outcomes when it was found. */
  readonly outcomes: readonly ProgramOutcome[];
}

/** The shrunk program and how it was found. */
export interface RemoteShrinkResult extends ShrinkStagesResult {
  /** Its outcomes (one per runtime). */
  readonly outcomes: readonly ProgramOutcome[];
}

/**
 * Shrinks a finding with fast-check's shrinker, running every candidate in the workspace
 * projects (identical printed candidates run once), then deletes statements from what it
 * left ({@link reduceStatements}, candidates run in batches); a candidate is kept when it
 * shows the same finding: the same kind and signature ({@link reproduces}).
 *
 * @example
 * ```ts
 * const { tree } = await shrinkRemotely({ pool, arbitrary, seed, index, level, kind, runtimes, outcomes, maxAttempts: 300, maxTimeMs: 60_000 });
 * ```
 */
export async function shrinkRemotely(args: RemoteShrinkArgs): Promise<RemoteShrinkResult> {
  const grammar = args.grammar ?? grammar715;
  const seen = new Map<string, ProgramOutcome[] | undefined>();
  const outcomesOf = new WeakMap<ModuleSet, ProgramOutcome[]>();
  const keyOf = (tree: ModuleSet): string | undefined => {
    try {
      const s = sourcesOf(tree, grammar);
      return `${s.module ?? ''}\u0000${s.program}`;
    } catch {
      return undefined;
    }
  };
  const keep = (tree: ModuleSet, outcomes: ProgramOutcome[] | undefined): boolean => {
    if (
      outcomes === undefined ||
      !reproduces(args.level, args.kind, args.runtimes, args.outcomes, outcomes)
    )
      return false;
    outcomesOf.set(tree, outcomes);
    return true;
  };
  const shrunk = await shrinkInStages({
    ...args,
    stillFails: async (candidate) => {
      const key = keyOf(candidate);
      if (key === undefined) return false;
      if (!seen.has(key)) seen.set(key, await runTreeRemotely(args.pool, candidate, grammar));
      return keep(candidate, seen.get(key));
    },
    stillFail: async (candidates) => {
      const outcomes = await runTreesRemotely(args.pool, candidates, grammar);
      return candidates.map((c, k) => keep(c, outcomes[k]));
    },
  });
  return { ...shrunk, outcomes: outcomesOf.get(shrunk.tree) ?? args.outcomes };
}
