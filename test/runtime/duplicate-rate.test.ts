import { describe, expect, it } from 'vitest';
import { duplicateRate } from '../../src/runtime/index.js';

describe('duplicateRate', () => {
  it('counts programs printed exactly like an earlier one, module included', () => {
    const r = duplicateRate([['print(1)'], ['print(1)'], ['return 1', 'print(1)'], ['print(2)']]);
    expect(r).toEqual({ count: 4, distinct: 3, duplicates: 1, rate: 0.25 });
  });

  it('keeps chunk boundaries apart and gives 0 for an empty sample', () => {
    expect(
      duplicateRate([
        ['ab', 'c'],
        ['a', 'bc'],
      ]).duplicates,
    ).toBe(0);
    expect(duplicateRate([]).rate).toBe(0);
  });
});
