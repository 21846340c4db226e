import { describe, expect, it } from 'vitest';
import { CounterLayoutError, CounterMap } from '../../src/coverage/index.js';

const run = (...reached: number[]) => ({
  binaryId: 'ab',
  counterCount: 6,
  reached: Uint32Array.from(reached),
});

describe('CounterMap', () => {
  it('answers the counters each run reached first, and counts the runs that reached each', () => {
    const map = new CounterMap();
    expect(map.add(run(0, 1, 2))).toEqual([0, 1, 2]);
    expect(map.add(run(1, 3))).toEqual([3]);
    expect(map.countNew(run(3, 4, 5))).toBe(2);
    expect(map.add(run(1))).toEqual([]);
    expect(map.reachedCount).toBe(4);
    expect([0, 1, 2, 3, 4].map((i) => map.hits(i))).toEqual([1, 3, 1, 1, 0]);
    // Saved and restored with its hits; a saved map without them counts each reached counter once.
    const again = new CounterMap(map.state());
    expect(again.hits(1)).toBe(3);
    const { hits: _h, ...old } = map.state()!;
    expect(new CounterMap(old).hits(1)).toBe(1);
    expect(() => map.add({ ...run(0), counterCount: 7 })).toThrow(CounterLayoutError);
  });
});
