import { describe, expect, it } from 'vitest';
import {
  heapForcing,
  reachesHeap,
} from '../../../../../src/arbitrary/runnable/shapes/library/sort-adversary.js';

describe('heapForcing', () => {
  it.each([16, 20, 24, 32, 64])('gives a permutation of 1..%i that reaches heapsort', (n) => {
    const values = heapForcing(n);
    expect([...values].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect(reachesHeap(values)).toBe(true);
  });

  it('is needed: sorted, reversed and evenly shuffled inputs stay with quicksort', () => {
    const n = 32;
    const sorted = Array.from({ length: n }, (_, i) => i + 1);
    expect(reachesHeap(sorted)).toBe(false);
    expect(reachesHeap([...sorted].reverse())).toBe(false);
    // A fixed shuffle (multiplication by a unit modulo a prime) rather than a random one.
    expect(reachesHeap(sorted.map((i) => ((i * 13) % 37) + 1))).toBe(false);
  });
});
