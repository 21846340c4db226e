import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luauArbitraries } from '../../../../src/arbitrary/index.js';
import { printPretty } from '../../../../src/print/index.js';

// `for k in pairs(t) do` (or `in next, t do`, or `in t do`) with a one-line body, then the
// line after its `end`.
const collecting =
  /for (l\d+) in (?:pairs\(l\d+\)|next, l\d+|l\d+) do\n\s*(.*)\n\s*end\n\s*(.*)\n/g;

describe('blockStatements', () => {
  for (const level of ['runnable', 'typed'] as const) {
    it(`iterates pairs and next (${level}) only to collect keys, sorted before they are used`, () => {
      const sources = fc
        .sample(luauArbitraries({ level, profile: 'luau' }).moduleSet, { seed: 61, numRuns: 700 })
        .map((t) => printPretty(t).join('\n'));
      let loops = 0;
      for (const s of sources) {
        for (const [, k, body, after] of s.matchAll(collecting)) {
          loops++;
          const keys =
            /^table\.insert\((l\d+), (l\d+)\)$/.exec(body!) ??
            /^(l\d+)\[#l\d+ \+ 1\] = (l\d+)$/.exec(body!);
          expect(keys?.[2], body).toBe(k);
          expect(after).toBe(`table.sort(${keys![1]})`);
        }
      }
      expect(loops).toBeGreaterThan(20);
    });
  }
});
