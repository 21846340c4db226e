import { describe, expect, it } from 'vitest';
import { recordMutations, streamRandom } from '../../../src/arbitrary/index.js';
import type { ProgramMutation } from '../../../src/arbitrary/index.js';
import {
  nextOperatorYields,
  nextOriginYields,
  operatorWeighting,
  operatorWeights,
  type OperatorYields,
} from '../../../src/campaign/guided/index.js';

type Rates = Readonly<Partial<Record<ProgramMutation, number>>>;

// Counters first per mutant of each mutation past a campaign's first minute (a guided
// campaign of seed 4, `bench guided`).
const lateRates: Rates = {
  change: 0.11,
  delete: 0.2,
  insert: 0.25,
  splice: 0.13,
  'span-fresh': 0.05,
  'span-splice': 0.08,
  'span-delete': 0.01,
  'span-duplicate': 0.04,
};

/**
 * The mean weight of each mutation over steps `from` to `steps` of a course whose mutants
 * find at `ratesAt(step)` per mutant, in lumps of a few counters to dozens (a find is one
 * mutant in twenty or fewer), twenty mutants a step drawn by the weights.
 */
function meanWeights(ratesAt: (step: number) => Rates, steps: number, from: number) {
  const lumps = [1, 1, 2, 2, 3, 4, 6, 9, 20];
  const meanLump = lumps.reduce((a, b) => a + b, 0) / lumps.length;
  const random = streamRandom(7);
  let yields: OperatorYields | undefined;
  const sums = new Map<ProgramMutation, number>();
  for (let step = 0; step < steps; step++) {
    const w = operatorWeights(yields);
    const drawn = new Map<ProgramMutation, number>();
    for (let k = 0; k < 20; k++) {
      let x = random.nextInt(0, 999_999) / 1_000_000;
      const m = recordMutations.find((o) => (x -= w[o]!) < 0) ?? recordMutations.at(-1)!;
      drawn.set(m, (drawn.get(m) ?? 0) + 1);
    }
    const tried = [...drawn];
    const found: [ProgramMutation, number][] = [];
    for (const [m, n] of tried)
      for (let i = 0; i < n; i++)
        if (random.nextInt(0, 999_999) < (ratesAt(step)[m]! / meanLump) * 1_000_000)
          found.push([m, lumps[random.nextInt(0, lumps.length - 1)]!]);
    yields = nextOperatorYields(yields, found, tried);
    if (step >= from) for (const m of recordMutations) sums.set(m, (sums.get(m) ?? 0) + w[m]!);
  }
  return (m: ProgramMutation): number => sums.get(m)! / (steps - from);
}

describe('the weights of mutations', () => {
  it('are equal before anything is known, and sum to one', () => {
    const w = operatorWeights(undefined);
    for (const m of recordMutations) expect(w[m]).toBeCloseTo(1 / recordMutations.length);
  });

  it('follow counters against those expected, within their bounds', () => {
    const w = operatorWeights({
      'span-splice': { found: 12, expected: 1, mutants: 20 },
      change: { found: 0, expected: 6, mutants: 500 },
    });
    const [low, high] = operatorWeighting.share;
    const values = recordMutations.map((m) => w[m]!);
    expect(values.reduce((a, b) => a + b, 0)).toBeCloseTo(1);
    expect(w['span-splice']).toBeCloseTo(high, 2);
    expect(w.change).toBeCloseTo(low, 2);
    for (const v of values) {
      expect(v).toBeGreaterThanOrEqual(low - 1e-9);
      expect(v).toBeLessThanOrEqual(high + 1e-9);
    }
  });

  it('move to the mutation that pays over a scripted course of steps', () => {
    // span-delete finds 2 counters per mutant from step 10 on, the others 0.1.
    let yields: OperatorYields | undefined;
    const course: number[] = [];
    for (let step = 0; step < 70; step++) {
      const w = operatorWeights(yields);
      course.push(w['span-delete']!);
      const tried = recordMutations.map((m) => [m, Math.round(w[m]! * 40)] as const);
      const found = tried.map(
        ([m, n]) => [m, n * (m === 'span-delete' && step >= 10 ? 2 : 0.1)] as const,
      );
      yields = nextOperatorYields(yields, found, tried);
    }
    expect(course[9]!).toBeLessThan(0.2);
    expect(course[69]!).toBeCloseTo(operatorWeighting.share[1], 2);
  });

  it("share each step's counters, and expect them of its mutants alike, older steps weighing less", () => {
    const { memory } = operatorWeighting;
    const y = nextOperatorYields(
      { change: { found: 10, expected: 4, mutants: 10 } },
      [['insert', 6]],
      [
        ['change', 2],
        ['insert', 1],
      ],
    );
    expect(y.change).toEqual({
      found: 10 * memory,
      expected: 4 * memory + 2 / 3,
      mutants: 10 * memory + 2,
    });
    expect(y.insert).toEqual({ found: 1, expected: 1 / 3, mutants: 1 });
    // A campaign's state from before the shares of steps: nothing known.
    const old = { change: { counters: 10, programs: 10 } } as unknown as OperatorYields;
    expect(nextOperatorYields(old, [], [['change', 1]])).toEqual({
      change: { found: 0, expected: 0, mutants: 1 },
    });
  });

  it('expect of a mutation by what its mutants cost: larger mutants must find more', () => {
    // Both made one mutant and found alike; growing's cost three times as much.
    const y = nextOperatorYields(
      undefined,
      [
        ['grow', 2],
        ['insert', 2],
      ],
      [
        ['grow', 1, 9000],
        ['insert', 1, 3000],
      ],
    );
    expect(y.grow).toEqual({ found: 0.5, expected: 0.75, mutants: 1 });
    expect(y.insert).toEqual({ found: 0.5, expected: 0.25, mutants: 1 });
    const w = operatorWeights(y);
    expect(w.grow).toBeLessThan(w.insert!);
    // Found three times as much for three times the cost: weighed alike.
    const even = operatorWeights(
      nextOperatorYields(
        undefined,
        [
          ['grow', 6],
          ['insert', 2],
        ],
        [
          ['grow', 1, 9000],
          ['insert', 1, 3000],
        ],
      ),
    );
    expect(even.grow).toBeCloseTo(even.insert!);
  });

  it('tell a mutation that finds little from those that find more, when finds come in lumps', () => {
    const mean = meanWeights(() => lateRates, 170, 50);
    // Equal weights would give each 1/8: the two that find least get well under, the two
    // that find most well over.
    expect(mean('span-delete')).toBeLessThan(0.08);
    expect(mean('span-duplicate')).toBeLessThan(0.09);
    expect(mean('insert')).toBeGreaterThan(0.2);
    expect(mean('delete')).toBeGreaterThan(0.14);
  });

  it('judge by what mutations find now, not by the first minute, when every mutation found more', () => {
    // The first forty steps, every mutation finds twenty times more, span-delete most of all.
    const early: Rates = Object.fromEntries(
      recordMutations.map((m) => [m, m === 'span-delete' ? 4 : 2]),
    );
    const mean = meanWeights((step) => (step < 40 ? early : lateRates), 170, 90);
    expect(mean('span-delete')).toBeLessThan(0.11);
    expect(mean('insert')).toBeGreaterThan(0.16);
  });
});

describe('the yields of origins', () => {
  it('add up over a whole campaign, fresh programs beside mutants', () => {
    const y = nextOriginYields(
      { fresh: { counters: 10, programs: 50 } },
      [
        ['fresh', 2],
        ['splice', 3],
      ],
      [
        ['fresh', 40],
        ['splice', 10],
      ],
    );
    expect(y).toEqual({
      fresh: { counters: 12, programs: 90 },
      splice: { counters: 3, programs: 10 },
    });
  });
});
