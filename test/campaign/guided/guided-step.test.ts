import { describe, expect, it } from 'vitest';
import { mutationShareOf } from '../../../src/campaign/guided/index.js';

describe('the share of mutants in a guided step', () => {
  it('is the fixed share when one is given', () => {
    expect(mutationShareOf(0, { fresh: [0, 100], mutant: [90, 100] })).toBe(0);
    expect(mutationShareOf(0.3, undefined)).toBe(0.3);
  });

  it('follows what each origin found lately with auto, within a tenth of either end', () => {
    expect(mutationShareOf('auto', undefined)).toBe(0.5);
    expect(mutationShareOf('auto', { fresh: [0, 0], mutant: [0, 0] })).toBe(0.5);
    // Mutants kept three times as often as fresh programs: three quarters of the step.
    expect(mutationShareOf('auto', { fresh: [9, 298], mutant: [29, 298] })).toBeCloseTo(0.75);
    expect(mutationShareOf('auto', { fresh: [9, 298], mutant: [0, 298] })).toBeCloseTo(0.1);
    expect(mutationShareOf('auto', { fresh: [0, 298], mutant: [90, 100] })).toBeCloseTo(0.9);
  });
});
