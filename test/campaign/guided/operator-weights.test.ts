import { describe, expect, it } from 'vitest';
import { recordMutations } from '../../../src/arbitrary/index.js';
import {
  nextOperatorYields,
  operatorWeighting,
  operatorWeights,
  type OperatorYields,
  type ProgramOrigin,
} from '../../../src/campaign/guided/index.js';

describe('the weights of mutations', () => {
  it('are equal before anything is known, and sum to one', () => {
    const w = operatorWeights(undefined);
    for (const m of recordMutations) expect(w[m]).toBeCloseTo(1 / recordMutations.length);
  });

  it('follow counters per mutant, within their bounds', () => {
    const w = operatorWeights({
      'span-splice': { counters: 400, programs: 20 },
      change: { counters: 0, programs: 500 },
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
    for (let step = 0; step < 30; step++) {
      const w = operatorWeights(yields);
      course.push(w['span-delete']!);
      const tried = recordMutations.map((m) => [m, Math.round(w[m]! * 40)] as const);
      const found = tried.map(
        ([m, n]) => [m, n * (m === 'span-delete' && step >= 10 ? 2 : 0.1)] as const,
      );
      yields = nextOperatorYields(yields, found, tried);
    }
    expect(course[9]!).toBeLessThan(0.2);
    expect(course[29]!).toBeCloseTo(operatorWeighting.share[1], 2);
    // Older steps weigh less by the memory.
    const y = nextOperatorYields({ change: { counters: 10, programs: 10 } }, [], [['change', 5]]);
    expect(y.change).toEqual({ counters: 8, programs: 13 });
  });

  it('add up over a whole campaign with a memory of 1, fresh programs beside mutants', () => {
    const y = nextOperatorYields<ProgramOrigin>(
      { fresh: { counters: 10, programs: 50 } },
      [
        ['fresh', 2],
        ['splice', 3],
      ],
      [
        ['fresh', 40],
        ['splice', 10],
      ],
      1,
    );
    expect(y).toEqual({
      fresh: { counters: 12, programs: 90 },
      splice: { counters: 3, programs: 10 },
    });
  });
});
