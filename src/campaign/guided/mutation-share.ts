/** Share of a step's programs that are mutants: fixed (0 to 1), or `auto`. */
export type MutationShare = number | 'auto';

/**
 * Per origin, the counters reached first per unit of cost of the programs tried (characters,
 * see `programCost`) over the last steps: each step's own figure, older steps weighing less
 * by {@link autoShare}'s `memory` each.
 *
 * @example
 * ```ts
 * const yields: Yields = { fresh: 0.00031, mutant: 0.00037 };
 * ```
 */
export interface Yields {
  readonly fresh: number;
  readonly mutant: number;
}

/**
 * The constants of the `auto` share. Bounds: fresh programs keep a tenth of a step or more,
 * mutants a fifth once warm (their finds come in rare large jumps, which a few mutants a step
 * would mostly miss), so that both origins' yields stay known. Warm-up: while fresh programs
 * find more than `warmUp.ratio` times the counters per cost mutants do (or before either
 * is known), mutants are only a probe, `warmUp.probe` of a step: early on a fresh program
 * reaches hundreds of counters and a mutant of an entry just kept mostly reaches its parent's,
 * so a fifth of the step spent on mutants leaves a guided campaign behind a blind one. The
 * probe keeps the mutants' yield known, and the warm-up ends when it is measured close
 * enough. Memory: each step's figure weighs 0.8 of the next one's, so about the last five
 * steps count: a phase change (the fresh programs' plateau, a corpus spent) moves the share
 * most of the way within ten steps.
 *
 * @example
 * ```ts
 * const [low, high] = autoShare.bounds; // 0.2, 0.9
 * ```
 */
export const autoShare = {
  bounds: [0.2, 0.9] as const,
  warmUp: { ratio: 3, probe: 0.06 },
  memory: 0.8,
} as const;

/**
 * Whether a campaign whose origins found `yields` lately is still warming up: nothing known
 * yet, or fresh programs finding more than `autoShare.warmUp.ratio` times the counters per
 * cost mutants find (measured, whatever the time).
 *
 * @example
 * ```ts
 * warmingUp({ fresh: 40, mutant: 2 }); // true
 * warmingUp({ fresh: 0.5, mutant: 0.4 }); // false
 * ```
 */
export function warmingUp(yields: Yields | undefined): boolean {
  const y = known(yields);
  return y === undefined || y.fresh > autoShare.warmUp.ratio * y.mutant;
}

/**
 * The share of mutants in the next step: `share` itself when fixed; with `auto`, the
 * mutants' share of both origins' yields (counters reached first per cost of the programs
 * tried, lately), within {@link autoShare}'s bounds; its warm-up probe before anything is
 * known and while fresh programs find far more (see {@link warmingUp}). Counters, not
 * programs kept: a fresh program that reaches a hundred new counters and a mutant that
 * reaches one are both kept, but are not worth the same. Per cost, not per program: a mutant
 * grown to eight times a fresh program's size takes several times its time. A campaign whose
 * mutants find more than its fresh programs for what they cost draws more of them, and one
 * whose mutants stop paying goes back to fresh programs, as adaptive mutation schedulers
 * (MOpt) weigh operators by what they found.
 *
 * @example
 * ```ts
 * mutationShareOf('auto', { fresh: 0.1, mutant: 0.3 }); // 0.75
 * ```
 */
export function mutationShareOf(share: MutationShare, yields: Yields | undefined): number {
  if (share !== 'auto') return share;
  const y = known(yields);
  if (y === undefined || warmingUp(y)) return autoShare.warmUp.probe;
  const [low, high] = autoShare.bounds;
  // Neither found anything lately: as likely one as the other.
  const m = y.mutant + 1e-9;
  const f = y.fresh + 1e-9;
  return Math.min(high, Math.max(low, m / (m + f)));
}

/**
 * The yields after a step whose fresh programs and mutants (`[counters reached first, cost of
 * the programs]` each, the cost by `programCost`, or the programs themselves) found what they
 * did. A step without mutants (the corpus still empty) or without fresh programs leaves them
 * as they were: fresh programs' early finds, hundreds of counters each, would otherwise stand
 * against the mutants of later steps, when every origin finds less. The first step with both
 * sets them.
 *
 * @example
 * ```ts
 * nextYields(undefined, [40, 40], [3, 10]); // { fresh: 1, mutant: 0.3 }
 * ```
 */
export function nextYields(
  yields: Yields | undefined,
  fresh: readonly [number, number],
  mutant: readonly [number, number],
): Yields | undefined {
  const y = known(yields);
  if (mutant[1] === 0 || fresh[1] === 0) return y;
  const now = { fresh: fresh[0] / fresh[1], mutant: mutant[0] / mutant[1] };
  if (y === undefined) return now;
  const { memory } = autoShare;
  return {
    fresh: memory * y.fresh + (1 - memory) * now.fresh,
    mutant: memory * y.mutant + (1 - memory) * now.mutant,
  };
}

// The state of a campaign written before yields were counters per program held pairs of
// programs kept and tried: it starts again from nothing known.
function known(y: Yields | undefined): Yields | undefined {
  return typeof y?.fresh === 'number' && typeof y.mutant === 'number' ? y : undefined;
}
