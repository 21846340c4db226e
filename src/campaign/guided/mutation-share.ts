/** Share of a step's programs that are mutants: fixed (0 to 1), or `auto`. */
export type MutationShare = number | 'auto';

/**
 * Per origin, the counters reached first per unit of cost of the programs tried (characters,
 * see `programCost`) over the last steps, and a program's mean cost (`cost`; absent in the
 * state of a campaign written before it was kept): each step's own figure, older steps
 * weighing less by {@link autoShare}'s `memory` each.
 *
 * @example
 * ```ts
 * const yields: Yields = { fresh: 0.00031, mutant: 0.00037, cost: { fresh: 4100, mutant: 9800 } };
 * ```
 */
export interface Yields {
  readonly fresh: number;
  readonly mutant: number;
  readonly cost?: { readonly fresh: number; readonly mutant: number };
}

/**
 * The constants of the `auto` share. Bounds: fresh programs keep a tenth of a step or more,
 * mutants a fifth once warm (their finds come in rare large jumps, which a few mutants a step
 * would mostly miss), so that both origins' yields stay known. Rate: a step's programs cost
 * on average at most `1 / rate` times a fresh program's, so that a guided campaign runs at
 * least `rate` times a blind one's programs per second; where mutants cost much more than
 * fresh programs (grown entries), this bound wins over the mutants' fifth, down to the
 * warm-up probe. Warm-up: while fresh programs find more than `warmUp.ratio` times the
 * counters per cost mutants do (or before either is known), mutants are only a probe,
 * `warmUp.probe` of a step: early on a fresh program reaches hundreds of counters and a
 * mutant of an entry just kept mostly reaches its parent's, so a fifth of the step spent on
 * mutants leaves a guided campaign behind a blind one. The probe keeps the mutants' yield
 * known, and the warm-up ends when it is measured close enough. Memory: each step's figure
 * weighs 0.8 of the next one's, so about the last five steps count: a phase change (the fresh
 * programs' plateau, a corpus spent) moves the share most of the way within ten steps.
 *
 * @example
 * ```ts
 * const [low, high] = autoShare.bounds; // 0.2, 0.9
 * ```
 */
export const autoShare = {
  bounds: [0.2, 0.9] as const,
  rate: 0.6,
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
 * (MOpt) weigh operators by what they found. Where mutants cost more than fresh programs,
 * the share is held to what keeps a step's programs per second `autoShare.rate` times an
 * all-fresh step's (see {@link rateBound}).
 *
 * @example
 * ```ts
 * mutationShareOf('auto', { fresh: 0.1, mutant: 0.3 }); // 0.75
 * mutationShareOf('auto', { fresh: 0.1, mutant: 0.3, cost: { fresh: 4000, mutant: 12000 } }); // 1/3
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
  const byYield = Math.min(high, Math.max(low, m / (m + f)));
  return Math.max(autoShare.warmUp.probe, Math.min(byYield, rateBound(y.cost)));
}

/**
 * The largest share of mutants whose step costs at most `1 / autoShare.rate` times an
 * all-fresh step, programs costing on average `cost` per origin: with `s` the share, `s *
 * mutant + (1 - s) * fresh <= fresh / rate`. One when mutants cost no more than fresh
 * programs or their costs are not known.
 *
 * @example
 * ```ts
 * rateBound({ fresh: 4000, mutant: 12000 }); // 1/3 (0.6 times the programs per second)
 * rateBound(undefined); // 1
 * ```
 */
export function rateBound(cost: Yields['cost']): number {
  if (cost === undefined || !(cost.mutant > cost.fresh)) return 1;
  return (cost.fresh * (1 / autoShare.rate - 1)) / (cost.mutant - cost.fresh);
}

/**
 * The yields after a step whose fresh programs and mutants (`[counters reached first, cost of
 * the programs, programs]` each, the cost by `programCost`) found what they did. A step
 * without mutants (the corpus still empty) or without fresh programs leaves them
 * as they were: fresh programs' early finds, hundreds of counters each, would otherwise stand
 * against the mutants of later steps, when every origin finds less. The first step with both
 * sets them.
 *
 * @example
 * ```ts
 * nextYields(undefined, [40, 40, 10], [3, 10, 2]);
 * // { fresh: 1, mutant: 0.3, cost: { fresh: 4, mutant: 5 } }
 * ```
 */
export function nextYields(
  yields: Yields | undefined,
  fresh: readonly [number, number, number],
  mutant: readonly [number, number, number],
): Yields | undefined {
  const y = known(yields);
  if (mutant[1] === 0 || fresh[1] === 0) return y;
  const now = {
    fresh: fresh[0] / fresh[1],
    mutant: mutant[0] / mutant[1],
    cost: { fresh: fresh[1] / fresh[2], mutant: mutant[1] / mutant[2] },
  };
  if (y === undefined) return now;
  const { memory } = autoShare;
  const blend = (old: number, next: number): number => memory * old + (1 - memory) * next;
  return {
    fresh: blend(y.fresh, now.fresh),
    mutant: blend(y.mutant, now.mutant),
    cost:
      y.cost === undefined
        ? now.cost
        : {
            fresh: blend(y.cost.fresh, now.cost.fresh),
            mutant: blend(y.cost.mutant, now.cost.mutant),
          },
  };
}

// The state of a campaign written before yields were counters per program held pairs of
// programs kept and tried: it starts again from nothing known. One written before a program's
// mean cost was kept has none: the rate bound waits for the next step.
function known(y: Yields | undefined): Yields | undefined {
  if (typeof y?.fresh !== 'number' || typeof y.mutant !== 'number') return undefined;
  const c = y.cost;
  return typeof c?.fresh === 'number' && typeof c.mutant === 'number'
    ? y
    : { fresh: y.fresh, mutant: y.mutant };
}
