import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codePointString } from '../../src/arbitrary/scalars.js';

describe('codePointString', () => {
  it('draws code points of the whole range, never a surrogate half, up to the length', () => {
    const values = fc.sample(codePointString(6), { seed: 5, numRuns: 2000 });
    const points = values.flatMap((s) => [...s].map((c) => c.codePointAt(0)!));
    for (const s of values) {
      expect([...s].length).toBeLessThanOrEqual(6);
      // Every value survives UTF-8: no lone surrogate.
      expect(Buffer.from(s, 'utf8').toString('utf8')).toBe(s);
    }
    expect(points.some((p) => p < 0x80)).toBe(true);
    expect(points.some((p) => p > 0xffff)).toBe(true);
    expect(points.some((p) => p > 0xdfff && p <= 0xffff)).toBe(true);
    expect(fc.sample(codePointString(6), { seed: 5, numRuns: 2000 })).toEqual(values);
  });
});
