import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema, type ModuleSet } from '../../gen/luau_pb.js';
import { campaignArbitrary, generatePrograms, sourcesOf } from '../../src/campaign/programs.js';
import { shrinkInStages } from '../../src/campaign/shrink-stages.js';
import { treeStats } from '../../src/tree/index.js';

const nodes = (t: ModuleSet): number => treeStats(ModuleSetSchema, t).nodes;
const source = (t: ModuleSet): string => {
  try {
    return sourcesOf(t).program;
  } catch {
    return '';
  }
};

describe('shrinkInStages', () => {
  it('never ends on more messages than the program it started from', async () => {
    const syntax = campaignArbitrary({ level: 'syntax', profile: 'luau-web', maxNodes: null });
    const drawn = generatePrograms(
      syntax,
      3,
      Array.from({ length: 80 }, (_, i) => i),
    ).sort((a, b) => a.nodes - b.nodes);
    // Not the empty program, which deleting every statement of the larger one would give.
    const small = drawn.find((p) => p.nodes >= 20)!.tree;
    const large = drawn[drawn.length - 1]!.tree;
    expect(nodes(large)).toBeGreaterThan(nodes(small));
    // `constantFrom` shrinks towards its first constant: fast-check calls the larger tree smaller.
    const arbitrary = fc.constantFrom(large, small);
    const index = [...Array(50).keys()].find(
      (i) => fc.sample(arbitrary, { seed: 1, path: String(i), numRuns: 1 })[0] === small,
    )!;
    const result = await shrinkInStages({
      arbitrary,
      seed: 1,
      index,
      // Every candidate fails, and the reducer may not remove anything.
      stillFails: async () => true,
      stillFail: async (cs) => cs.map((c) => source(c) === source(small)),
      maxAttempts: 100,
      maxTimeMs: 10_000,
    });
    expect(result.reproduced).toBe(true);
    expect(nodes(result.tree)).toBe(nodes(small));
    expect(source(result.tree)).toBe(source(small));
  });
});
