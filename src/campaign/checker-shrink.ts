import type { ModuleSet } from '../../gen/luau_pb.js';
import { plantedErrorOf } from '../arbitrary/index.js';
import { sourcesOf } from './programs.js';
import { shrinkInStages, type ShrinkStagesResult, type ShrinkSubject } from './shrink-stages.js';
import { falsePositiveCauses } from './checker-cause.js';
import { checkerErrors, diagnosticMessage, typeCheck } from './type-check.js';
import type { CheckerFindingKind, CheckOutcome } from './classify.js';

/** The planted statement of a program, without its indentation (undefined: none planted). */
function plantedText(program: string): string | undefined {
  const p = plantedErrorOf(program);
  if (p === undefined) return undefined;
  return program
    .split('\n')
    .slice(p.from - 1, p.to)
    .map((l) => l.trim())
    .join('\n');
}

/** The errors of a checker's output, normalized (without positions, names and numbers). */
function errorMessages(output: string): Set<string> {
  return new Set(checkerErrors(output).map(diagnosticMessage));
}

/**
 * The modes a finding's candidates are checked in: only the one it is of (the two that
 * disagree), and twice for nondeterminism; every mode for a finding of a spec without modes.
 */
function modesOf(
  kind: CheckerFindingKind,
  check: CheckOutcome,
): { modes?: readonly string[]; twice: boolean } {
  const twice = kind === 'checker-nondeterminism';
  return check.mode === undefined ? { twice } : { modes: check.mode.split(','), twice };
}

/** What to shrink: a campaign's program and the type checker's finding on it. */
export interface CheckerShrinkArgs extends ShrinkSubject {
  /** The checker spec (`PATH[:flag…]`). */
  readonly analyze: string;
  /** The program as recorded. */
  readonly tree: ModuleSet;
  /** The finding to keep. */
  readonly kind: CheckerFindingKind;
  /** The checker's verdict when it was found. */
  readonly check: CheckOutcome;
  /**
   * For a false positive with several causes, the one to keep (one of
   * {@link falsePositiveCauses}: a message and the construct at its error): a candidate is
   * kept when the checker still reports it outside the planted statement, first or not.
   * Default: the finding's detail, first.
   */
  readonly error?: string;
  /** Wall-clock limit of one check, in ms. */
  readonly timeoutMs: number;
}

/** The shrunk program, the checker's verdict on it, and how it was found. */
export interface CheckerShrinkResult extends ShrinkStagesResult {
  readonly check: CheckOutcome;
}

/**
 * Shrinks a finding of the type checker as {@link shrinkRemotely} shrinks a runtime's, with
 * the checker run here on every candidate: a candidate is kept when the checker gives it the
 * same kind and detail. A missed planted error thus keeps its marker and planted statement
 * (without them the verdict is no miss) and the checker still misses it; a false positive
 * still has an error reported at a line without a planted error, with the same message; a
 * crash still crashes the same way; modes that disagree still disagree on the same error.
 * A false positive shrunk for one of its causes (`error`) keeps that one reported, first or
 * not, so that each cause of a program gets its own reduced program.
 * Candidates are checked in the finding's mode only.
 *
 * @example
 * ```ts
 * const { tree, check } = await shrinkCheckerFinding({ analyze, arbitrary, seed, index, tree, kind, check, timeoutMs: 10_000, maxAttempts: 300, maxTimeMs: 30_000 });
 * ```
 */
export async function shrinkCheckerFinding(args: CheckerShrinkArgs): Promise<CheckerShrinkResult> {
  const checksOf = cachedChecks(args);
  const checkOf = new WeakMap<ModuleSet, CheckOutcome>();
  const keep = keepsFinding(args, checkOf);
  const shrunk = await shrinkInStages({
    ...args,
    stillFails: async (candidate) => keep(candidate, (await checksOf([candidate]))[0]),
    stillFail: async (candidates) => {
      const checks = await checksOf(candidates);
      return candidates.map((c, k) => keep(c, checks[k]));
    },
  });
  return { ...shrunk, check: checkOf.get(shrunk.tree) ?? args.check };
}

/** A candidate's verdict and its printed program; `undefined` when it does not count. */
type Checked = { check: CheckOutcome; program: string } | undefined;

/** A tree's printed sources and a key of them; `undefined` when it does not print. */
function sourcesKey(
  tree: ModuleSet,
): { key: string; program: string; module?: string } | undefined {
  try {
    const s = sourcesOf(tree);
    return { key: `${s.module ?? ''}\u0000${s.program}`, ...s };
  } catch {
    return undefined;
  }
}

/**
 * Checks candidates in the finding's mode, each distinct program once over the whole shrink:
 * their verdicts, none for a candidate that does not print or (a missed planted error) whose
 * planted statement is not the original's.
 */
function cachedChecks(
  args: CheckerShrinkArgs,
): (trees: readonly ModuleSet[]) => Promise<Checked[]> {
  const seen = new Map<string, CheckOutcome | undefined>();
  // A missed planted error keeps its statement as it is: a candidate whose planted statement
  // changed or went (the marker alone) may plant no error at all.
  const original = sourcesKey(args.tree);
  const planted = original === undefined ? undefined : plantedText(original.program);
  const samePlanted = new Map<string, boolean>();
  return async (trees) => {
    const printed = trees.map(sourcesKey);
    const fresh = printed.filter(
      (p, k): p is NonNullable<typeof p> =>
        p !== undefined && !seen.has(p.key) && printed.findIndex((q) => q?.key === p.key) === k,
    );
    if (fresh.length > 0) {
      const checks = await typeCheck(args.analyze, fresh, {
        timeoutMs: args.timeoutMs,
        concurrency: 2,
        ...modesOf(args.kind, args.check),
      });
      fresh.forEach((p, k) => {
        seen.set(p.key, checks[k]);
        samePlanted.set(p.key, plantedText(p.program) === planted);
      });
    }
    return printed.map((p) => {
      if (p === undefined) return undefined;
      const check = seen.get(p.key);
      if (check === undefined) return undefined;
      if (args.kind === 'checker-missed' && samePlanted.get(p.key) !== true) return undefined;
      return { check, program: p.program };
    });
  };
}

/**
 * Whether a candidate's verdict is still the finding (same kind, mode and detail, or the
 * cause shrunk for still reported); the verdicts of those kept go to `checkOf`.
 */
function keepsFinding(
  args: CheckerShrinkArgs,
  checkOf: WeakMap<ModuleSet, CheckOutcome>,
): (tree: ModuleSet, checked: Checked) => boolean {
  // A false positive gains no error the original did not have: deleting a declaration
  // makes errors the sound checker reports too (an unknown global), which is no finding.
  const known = errorMessages(args.check.output);
  return (tree, checked) => {
    const check = checked?.check;
    if (check?.kind !== args.kind || check.mode !== args.check.mode) return false;
    // One cause of several: reported still, first or not.
    if (
      args.error === undefined
        ? check.detail !== args.check.detail
        : !falsePositiveCauses(checked!.program, check.output).includes(args.error)
    )
      return false;
    if (
      args.kind === 'checker-false-positive' &&
      [...errorMessages(check.output)].some((m) => !known.has(m))
    )
      return false;
    checkOf.set(tree, check);
    return true;
  };
}
