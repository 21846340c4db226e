import { describe, expect, it } from 'vitest';
import { PendingIndices, unlimitedCount } from '../../src/campaign/index.js';

describe('PendingIndices', () => {
  it('yields the indices not done, in order, as the array it replaces would', () => {
    const done = [0, 1, 4, 7];
    const pending = new PendingIndices(10, done);
    const array = Array.from({ length: 10 }, (_, i) => i).filter((i) => !done.includes(i));
    expect([...pending]).toEqual(array);
    expect(pending.length).toBe(array.length);
    expect(pending.slice(0, 3)).toEqual(array.slice(0, 3));
    expect(pending.splice(0, 4)).toEqual(array.splice(0, 4));
    expect(pending.length).toBe(array.length);
    expect(pending.splice(0, 100)).toEqual(array.splice(0, 100));
    expect(pending.length).toBe(0);
    expect(pending.splice(0, 1)).toEqual([]);
  });

  it('holds a campaign without a count, without listing it', () => {
    const pending = new PendingIndices(unlimitedCount, [2, 5]);
    expect(pending.splice(0, 5)).toEqual([0, 1, 3, 4, 6]);
    expect(pending.slice(0, 2)).toEqual([7, 8]);
    expect(pending.length).toBe(unlimitedCount - 7);
  });
});
