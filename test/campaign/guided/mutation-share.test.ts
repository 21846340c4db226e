import { describe, expect, it } from 'vitest';
import {
  autoShare,
  mutationShareOf,
  nextYields,
  rateBound,
  warmingUp,
  type Yields,
} from '../../../src/campaign/guided/index.js';

/**
 * Steps of 50 programs under the `auto` share, each origin finding `rates(step)` counters per
 * unit of cost, its programs costing `cost` each (a script of what a campaign might see): the
 * share each step was drawn with.
 */
function course(
  steps: number,
  rates: (step: number) => { fresh: number; mutant: number },
  start?: Yields,
  cost = { fresh: 1, mutant: 1 },
): number[] {
  let yields = start;
  const shares: number[] = [];
  for (let step = 0; step < steps; step++) {
    const share = mutationShareOf('auto', yields);
    shares.push(share);
    const mutants = Math.round(50 * share);
    const r = rates(step);
    yields = nextYields(
      yields,
      [r.fresh * cost.fresh * (50 - mutants), cost.fresh * (50 - mutants), 50 - mutants],
      [r.mutant * cost.mutant * mutants, cost.mutant * mutants, mutants],
    );
  }
  return shares;
}

describe('the share of mutants in a guided step', () => {
  it('is the fixed share when one is given', () => {
    expect(mutationShareOf(0, { fresh: 0, mutant: 0.9 })).toBe(0);
    expect(mutationShareOf(0.3, undefined)).toBe(0.3);
  });

  it('starts with a probe, and is the mutants’ share of counters found per program within its bounds', () => {
    expect(mutationShareOf('auto', undefined)).toBe(autoShare.warmUp.probe);
    expect(autoShare.warmUp.probe).toBeLessThan(autoShare.bounds[0]);
    // Three times the counters per program: three quarters of the step.
    expect(mutationShareOf('auto', { fresh: 0.1, mutant: 0.3 })).toBeCloseTo(0.75);
    expect(mutationShareOf('auto', { fresh: 0, mutant: 0 })).toBeCloseTo(0.5);
    // Fresh programs three times as rich: a quarter; more than that, the warm-up probe.
    expect(mutationShareOf('auto', { fresh: 3, mutant: 1 })).toBeCloseTo(0.25);
    expect(mutationShareOf('auto', { fresh: 4, mutant: 0.5 })).toBe(autoShare.warmUp.probe);
    expect(mutationShareOf('auto', { fresh: 5, mutant: 0 })).toBe(autoShare.warmUp.probe);
    expect(mutationShareOf('auto', { fresh: 0, mutant: 5 })).toBe(0.9);
  });

  it('weighs counters, not programs kept: one rich fresh program outweighs many poor mutants', () => {
    // Kept per tried these would be 1 % fresh against 10 % mutants; by counters, the
    // fresh programs' 300 in one program beat the mutants' ten single counters.
    const y = nextYields(undefined, [300, 100, 100], [10, 100, 100]);
    expect(y).toEqual({ fresh: 3, mutant: 0.1, cost: { fresh: 1, mutant: 1 } });
    expect(mutationShareOf('auto', y)).toBe(autoShare.warmUp.probe);
  });

  it('leaves the yields alone after a step without mutants (the corpus still empty)', () => {
    expect(nextYields(undefined, [12_000, 50, 50], [0, 0, 0])).toBeUndefined();
    const y: Yields = { fresh: 0.25, mutant: 0.5, cost: { fresh: 2, mutant: 4 } };
    expect(nextYields(y, [900, 50, 50], [0, 0, 0])).toEqual(y);
    // Each step's figure weighs a fifth beside the older ones, the costs too.
    const after = nextYields(y, [4, 40, 10], [1, 10, 1])!;
    expect(after.fresh).toBeCloseTo(0.8 * 0.25 + 0.2 * 0.1);
    expect(after.mutant).toBeCloseTo(0.8 * 0.5 + 0.2 * 0.1);
    expect(after.cost!.fresh).toBeCloseTo(0.8 * 2 + 0.2 * 4);
    expect(after.cost!.mutant).toBeCloseTo(0.8 * 4 + 0.2 * 10);
    // A campaign's state written with pairs of programs kept and tried starts from nothing.
    const old = { fresh: [3, 40], mutant: [1, 10] } as unknown as Yields;
    expect(mutationShareOf('auto', old)).toBe(autoShare.warmUp.probe);
    expect(nextYields(old, [4, 40, 10], [1, 10, 1])).toEqual({
      fresh: 0.1,
      mutant: 0.1,
      cost: { fresh: 4, mutant: 10 },
    });
    // One written before a program's mean cost was kept: its yields stand, its costs start.
    const uncosted = { fresh: 0.25, mutant: 0.5 };
    expect(nextYields(uncosted, [4, 40, 10], [1, 10, 1])!.cost).toEqual({ fresh: 4, mutant: 10 });
  });

  it('follows a scripted campaign: a probe while fresh programs pay far more, up when mutants do, down when they stop', () => {
    const shares = course(
      90,
      (step) =>
        step < 30
          ? { fresh: 2, mutant: 0.5 } // warm-up: fresh programs find far more
          : step < 60
            ? { fresh: 0.2, mutant: 1.5 } // fresh plateau, mutants reach the rare code
            : { fresh: 0.2, mutant: 0 }, // the corpus is spent
    );
    const { probe } = autoShare.warmUp;
    expect(shares.every((s) => s === probe || (s >= 0.2 && s <= 0.9))).toBe(true);
    // Warm-up: only the probe, whatever the time.
    expect(shares.slice(0, 31).every((s) => s === probe)).toBe(true);
    // Within about ten steps of the change the mutants take most of the step, up to near
    // their share of the yields (1.5 / 1.7)…
    expect(Math.min(...shares.slice(42, 60))).toBeGreaterThan(0.8);
    expect(shares[59]!).toBeCloseTo(1.5 / 1.7, 2);
    // …and within about fifteen of their drying up, the share is back at the probe.
    expect(shares.slice(76, 90).every((s) => s === probe)).toBe(true);
    // Not a jump: it takes a few steps each way.
    expect(shares[32]!).toBeLessThan(0.5);
    expect(shares[61]!).toBeGreaterThan(0.8);
  });

  it('warms up for as long as fresh programs find far more per program, measured, not timed', () => {
    // Fresh programs' yield falls from 200 counters per program to 0.5 over 40 steps, the
    // mutants' stays at 0.5: the warm-up ends when the measured ratio drops under 3, not at a
    // step or time fixed beforehand.
    const fresh = (step: number): number => 0.5 + 199.5 * Math.exp(-step / 5);
    const shares = course(60, (step) => ({ fresh: fresh(step), mutant: 0.5 }));
    const { probe, ratio } = autoShare.warmUp;
    const end = shares.findIndex((s) => s !== probe);
    expect(end).toBeGreaterThan(10);
    // Fresh programs had come within the ratio a little before (the yields' memory lags).
    const crossed = Array.from({ length: 60 }, (_, s) => s).find((s) => fresh(s) <= ratio * 0.5)!;
    expect(end).toBeGreaterThanOrEqual(crossed);
    expect(end - crossed).toBeLessThan(12);
    expect(shares.slice(end).every((s) => s >= 0.2)).toBe(true);
    // The same course slowed down five times warms up about five times as long.
    const slow = course(200, (step) => ({ fresh: fresh(step / 5), mutant: 0.5 }));
    expect(slow.findIndex((s) => s !== probe)).toBeGreaterThan(3 * end);
    expect(warmingUp(undefined)).toBe(true);
    expect(warmingUp({ fresh: 1.4, mutant: 0.5 })).toBe(false);
    expect(warmingUp({ fresh: 1.6, mutant: 0.5 })).toBe(true);
  });

  it('balances origins that pay alike at half, whatever it knew before', () => {
    const shares = course(60, () => ({ fresh: 0.4, mutant: 0.4 }), { fresh: 3, mutant: 0 });
    expect(shares[shares.length - 1]!).toBeCloseTo(0.5, 1);
  });

  it('holds a step to the rate bound where mutants cost more: at least `rate` times the programs per second', () => {
    const { rate } = autoShare;
    // Mutants at three times a fresh program's cost: a third of the step keeps 0.6×.
    expect(rateBound({ fresh: 4000, mutant: 12_000 })).toBeCloseTo(1 / 3);
    expect(rateBound({ fresh: 4000, mutant: 4000 })).toBe(1);
    expect(rateBound({ fresh: 4000, mutant: 2000 })).toBe(1);
    expect(rateBound(undefined)).toBe(1);
    const richMutants = { fresh: 0.1, mutant: 0.9 };
    expect(mutationShareOf('auto', richMutants)).toBeCloseTo(0.9);
    const costly = mutationShareOf('auto', {
      ...richMutants,
      cost: { fresh: 4000, mutant: 12_000 },
    });
    expect(costly).toBeCloseTo(1 / 3);
    // Whatever the costs, a step's expected programs per second stay within the bound…
    for (const ratio of [1.5, 2, 3, 5, 8]) {
      const s = mutationShareOf('auto', { ...richMutants, cost: { fresh: 1, mutant: ratio } });
      const perSecond = 1 / (s * ratio + (1 - s));
      expect(perSecond).toBeGreaterThanOrEqual(
        Math.min(rate, 1 / (1 + autoShare.warmUp.probe * (ratio - 1))) - 1e-9,
      );
      // …and the bound takes only what it must: below the mutants' fifth only for costly ones.
      if (ratio <= 1 + (1 / rate - 1) / autoShare.bounds[0])
        expect(s).toBeGreaterThanOrEqual(autoShare.bounds[0]);
    }
    // Mutants eight times as costly: the probe still runs, so their yield stays known.
    expect(mutationShareOf('auto', { ...richMutants, cost: { fresh: 1, mutant: 50 } })).toBe(
      autoShare.warmUp.probe,
    );
    // Over a scripted campaign whose mutants pay three times as much per cost at three times
    // the cost, the share settles at the bound, not at the yields' three quarters.
    const shares = course(60, () => ({ fresh: 0.1, mutant: 0.3 }), undefined, {
      fresh: 1,
      mutant: 3,
    });
    expect(shares[59]!).toBeCloseTo(1 / 3, 2);
  });
});
