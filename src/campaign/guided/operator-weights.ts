import { recordMutations, type ProgramMutation } from '../../arbitrary/index.js';
import type { OriginYield } from './corpus-formats.js';

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
export type OriginYields = Readonly<Partial<Record<ProgramOrigin, OriginYield>>>;

/**
 * Per mutation, what the mutants it made first found lately, older steps weighing less by
 * {@link operatorWeighting}'s `memory` each (see {@link OperatorYield}).
 *
 * @example
 * ```ts
 * const y: OperatorYields = { 'span-splice': { found: 1.5, expected: 0.9, mutants: 30 } };
 * ```
 */
export type OperatorYields = Readonly<Partial<Record<ProgramMutation, OperatorYield>>>;

/**
 * What one mutation's mutants found lately, summed over the steps that found anything.
 *
 * @example
 * ```ts
 * const y: OperatorYield = { found: 1.5, expected: 0.9, mutants: 30 };
 * ```
 */
export interface OperatorYield {
  /** Its share of the counters each step's mutants reached first. */
  readonly found: number;
  /**
   * Its share of each step's mutants, by their cost (see `programCost`): the share it would
   * have found were every mutant alike for what it cost.
   */
  readonly expected: number;
  /** Its mutants (every step). */
  readonly mutants: number;
}

/**
 * The constants of the mutations' weights. Share: each mutation of a record of choices gets
 * between 4 % and 40 % of the mutants, so that none is dropped for a few unlucky steps and
 * none takes all (its yield would no longer be compared). Prior: each counts as having made
 * every mutant of one step more and found all its counters (a share of one against one), so
 * that a mutation tried a few times is judged as the others are until its own mutants say
 * otherwise. Memory: each step weighs 0.98 of the next, so about the last fifty steps count:
 * finds are rare and come in lumps (a few counters, now and then dozens), and a mutation gets
 * a few mutants a step, so a memory of a few steps judges it on a handful of mutants and one
 * lucky find.
 *
 * @example
 * ```ts
 * operatorWeighting.share; // [0.04, 0.4]
 * ```
 */
export const operatorWeighting = {
  share: [0.04, 0.4] as const,
  prior: 1,
  memory: 0.98,
} as const;

/**
 * The weights the next step draws the first mutation of a mutant with: each mutation's share
 * of its steps' counters against its share of their mutants' cost (with the prior), as shares
 * within the bounds of {@link operatorWeighting}, as adaptive mutation schedulers (MOpt)
 * weigh their operators. Shares of each step rather than counters per mutant: every mutation
 * finds ten times less a few minutes into a campaign than in its first minute, and the
 * counters a mutation found then would otherwise outweigh what it finds now for as long as
 * the memory lasts; a step counts as much as any other that found something.
 *
 * @example
 * ```ts
 * const w = operatorWeights({
 *   'span-splice': { found: 6, expected: 0.4, mutants: 20 },
 *   change: { found: 0, expected: 3.6, mutants: 200 },
 * });
 * w['span-splice']; // 0.4, the most one mutation gets
 * ```
 */
export function operatorWeights(
  yields: OperatorYields | undefined,
): Partial<Record<ProgramMutation, number>> {
  const { prior, share } = operatorWeighting;
  const y = knownOperators(yields);
  const rate = recordMutations.map(
    (m) => (prior + (y?.[m]?.found ?? 0)) / (prior + (y?.[m]?.expected ?? 0)),
  );
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
 * mutation) and of which those kept reached `found` counters first, summed over the campaign.
 *
 * @example
 * ```ts
 * nextOriginYields({ fresh: { counters: 3, programs: 10 } }, [['fresh', 2]], [['fresh', 5]]);
 * // { fresh: { counters: 5, programs: 15 } }
 * ```
 */
export function nextOriginYields(
  yields: OriginYields | undefined,
  found: readonly (readonly [ProgramOrigin, number])[],
  tried: readonly (readonly [ProgramOrigin, number])[],
): OriginYields {
  const out: Partial<Record<ProgramOrigin, { counters: number; programs: number }>> = {};
  for (const [m, y] of Object.entries(yields ?? {}) as [ProgramOrigin, OriginYield | undefined][])
    if (y !== undefined) out[m] = { ...y };
  const at = (m: ProgramOrigin): { counters: number; programs: number } =>
    (out[m] ??= { counters: 0, programs: 0 });
  for (const [m, n] of found) at(m).counters += n;
  for (const [m, n] of tried) at(m).programs += n;
  return out;
}

/**
 * The mutations' yields after a step whose mutants were made by `tried` (by their first
 * mutation: mutants, and what they cost, as many as the mutants when not given) and of which
 * those kept reached `found` counters first; older steps weigh {@link operatorWeighting}'s
 * `memory` each. A step that found something is one share: a mutation whose mutants cost a
 * tenth of it expected a tenth of its counters, so that a mutation whose mutants are larger
 * (growing) is weighed by what it found for the time its mutants took.
 *
 * @example
 * ```ts
 * nextOperatorYields(undefined, [['insert', 3]], [['insert', 1], ['delete', 3]]);
 * // insert: { found: 1, expected: 0.25, mutants: 1 }, delete: { found: 0, expected: 0.75, mutants: 3 }
 * nextOperatorYields(undefined, [['grow', 3]], [['grow', 1, 6000], ['delete', 3, 6000]]);
 * // grow: { found: 1, expected: 0.5, mutants: 1 }, delete: { found: 0, expected: 0.5, mutants: 3 }
 * ```
 */
export function nextOperatorYields(
  yields: OperatorYields | undefined,
  found: readonly (readonly [ProgramMutation, number])[],
  tried: readonly (readonly [ProgramMutation, number, number?])[],
): OperatorYields {
  const { memory } = operatorWeighting;
  const all = found.reduce((a, [, n]) => a + n, 0);
  const cost = tried.reduce((a, [, n, c]) => a + (c ?? n), 0);
  const out: Partial<Record<ProgramMutation, Tally>> = {};
  for (const [m, y] of Object.entries(knownOperators(yields) ?? {}) as [
    ProgramMutation,
    OperatorYield | undefined,
  ][])
    if (y !== undefined)
      out[m] = {
        found: memory * y.found,
        expected: memory * y.expected,
        mutants: memory * y.mutants,
      };
  const at = (m: ProgramMutation): Tally => (out[m] ??= { found: 0, expected: 0, mutants: 0 });
  for (const [m, n] of found) at(m).found += n / all;
  for (const [m, n, c] of tried) {
    at(m).mutants += n;
    if (all > 0) at(m).expected += (c ?? n) / cost;
  }
  return out;
}

// An OperatorYield as a step adds to it.
type Tally = { -readonly [K in keyof OperatorYield]: number };

// The state of a campaign written before the mutations' yields were shares of steps (counters
// per mutant): it starts again from nothing known.
function knownOperators(y: OperatorYields | undefined): OperatorYields | undefined {
  const known = (o: OperatorYield): boolean =>
    typeof o.found === 'number' && typeof o.expected === 'number';
  return Object.values(y ?? {}).every(known) ? y : undefined;
}
