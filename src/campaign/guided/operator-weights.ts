import { recordMutations, type ProgramMutation } from '../../arbitrary/index.js';

/**
 * How a guided program was made: drawn fresh, or a mutant, named by its first mutation.
 *
 * @example
 * ```ts
 * const o: ProgramOrigin = 'span-splice';
 * ```
 */
export type ProgramOrigin = 'fresh' | ProgramMutation;

/**
 * Per origin, what its programs found: counters reached first and programs tried.
 *
 * @example
 * ```ts
 * const y: OriginYields = { fresh: { counters: 80, programs: 200 } };
 * ```
 */
export type OriginYields<K extends ProgramOrigin = ProgramOrigin> = Readonly<
  Partial<Record<K, { readonly counters: number; readonly programs: number }>>
>;

/**
 * Per mutation, what the mutants it made first found lately, older steps weighing less by
 * {@link operatorWeighting}'s `memory` each.
 *
 * @example
 * ```ts
 * const y: OperatorYields = { 'span-splice': { counters: 12.5, programs: 30 } };
 * ```
 */
export type OperatorYields = OriginYields<ProgramMutation>;

/**
 * The constants of the mutations' weights. Share: each mutation of a record of choices gets
 * between 4 % and 40 % of the mutants, so that none is dropped for a few unlucky steps and
 * none takes all (its yield would no longer be compared). Prior: each counts as having made
 * `prior` mutants more, at the rate of all mutations together (equal weights before any
 * mutant is known), so that a mutation tried a few times is judged as the others are until
 * its own mutants say otherwise. Memory: each step weighs 0.98 of the next, so about the last
 * fifty steps count: finds are rare and come in lumps (a few counters, now and then dozens),
 * and a mutation gets a few mutants a step, so a memory of a few steps judges it on a handful
 * of mutants and one lucky find; fifty steps still follow the mutations that pay early
 * giving way to others.
 *
 * @example
 * ```ts
 * operatorWeighting.share; // [0.04, 0.4]
 * ```
 */
export const operatorWeighting = {
  share: [0.04, 0.4] as const,
  prior: 20,
  memory: 0.98,
} as const;

/**
 * The weights the next step draws the first mutation of a mutant with: each mutation's
 * counters reached first per mutant (with the prior), as shares within the bounds of
 * {@link operatorWeighting}, as adaptive mutation schedulers (MOpt) weigh their operators.
 *
 * @example
 * ```ts
 * const w = operatorWeights({
 *   'span-splice': { counters: 40, programs: 20 },
 *   change: { counters: 0, programs: 200 },
 * });
 * w['span-splice']; // 0.4, the most one mutation gets
 * ```
 */
export function operatorWeights(
  yields: OperatorYields | undefined,
): Partial<Record<ProgramMutation, number>> {
  const { prior, share } = operatorWeighting;
  const all = Object.values(yields ?? {}).reduce(
    (a, y) => ({ counters: a.counters + y.counters, programs: a.programs + y.programs }),
    { counters: 0, programs: 0 },
  );
  const pooled = all.counters / all.programs;
  const rate = recordMutations.map((m) => {
    const y = yields?.[m];
    // Nothing found yet: every mutation alike.
    if (!(pooled > 0)) return 1;
    return (prior * pooled + (y?.counters ?? 0)) / (prior + (y?.programs ?? 0));
  });
  const shares = bounded(rate, share);
  return Object.fromEntries(recordMutations.map((m, i) => [m, shares[i]!]));
}

// Shares proportional to `rate`, each within `[low, high]`: a share that falls outside is
// fixed at its bound and the rest is shared again among the others.
function bounded(rate: readonly number[], [low, high]: readonly [number, number]): number[] {
  const fixed = new Map<number, number>();
  for (;;) {
    const free = rate.map((_, i) => i).filter((i) => !fixed.has(i));
    const left = 1 - [...fixed.values()].reduce((a, b) => a + b, 0);
    const total = free.reduce((a, i) => a + rate[i]!, 0);
    const shares = rate.map((r, i) => fixed.get(i) ?? (left * r) / total);
    // Those over the top first: fixing them leaves more to the others.
    const over = free.filter((i) => shares[i]! > high);
    const out = over.length > 0 ? over : free.filter((i) => shares[i]! < low);
    if (out.length === 0 || free.length === out.length) return shares;
    for (const i of out) fixed.set(i, over.length > 0 ? high : low);
  }
}

/**
 * The yields after a step whose programs were made by `tried` (a mutant by its first
 * mutation) and of which those kept reached `found` counters first; older steps weigh
 * `memory` each (1: totals over the campaign).
 *
 * @example
 * ```ts
 * nextOperatorYields(undefined, [['span-delete', 3]], [['span-delete', 1]]);
 * // { 'span-delete': { counters: 3, programs: 1 } }
 * ```
 */
export function nextOperatorYields<K extends ProgramOrigin>(
  yields: OriginYields<K> | undefined,
  found: readonly (readonly [K, number])[],
  tried: readonly (readonly [K, number])[],
  memory: number = operatorWeighting.memory,
): OriginYields<K> {
  const out: Partial<Record<K, { counters: number; programs: number }>> = {};
  for (const [m, y] of Object.entries(yields ?? {}) as [
    K,
    { counters: number; programs: number } | undefined,
  ][])
    if (y !== undefined) out[m] = { counters: memory * y.counters, programs: memory * y.programs };
  const at = (m: K): { counters: number; programs: number } =>
    (out[m] ??= { counters: 0, programs: 0 });
  for (const [m, n] of found) at(m).counters += n;
  for (const [m, n] of tried) at(m).programs += n;
  return out;
}
