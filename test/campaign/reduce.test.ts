import { describe, expect, it } from 'vitest';
import type { ModuleSet } from '../../gen/luau_pb.js';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { campaignArbitrary, generatePrograms, sourcesOf } from '../../src/campaign/programs.js';
import { reduceStatements } from '../../src/campaign/reduce.js';
import { treeStats } from '../../src/tree/index.js';

const arbitrary = campaignArbitrary({ level: 'runnable', profile: 'luau-web', maxNodes: null });
const hasLoop = (tree: ModuleSet): boolean => {
  try {
    return /\b(while|repeat)\b/.test(sourcesOf(tree).program);
  } catch {
    return false;
  }
};

describe('reduceStatements', () => {
  it('deletes every statement the failure does not need, in batches', async () => {
    const [found] = generatePrograms(
      arbitrary,
      10,
      Array.from({ length: 20 }, (_, i) => i),
    )
      .filter((p) => hasLoop(p.tree))
      .sort((a, b) => b.nodes - a.nodes);
    expect(found).toBeDefined();
    const batches: number[] = [];
    const result = await reduceStatements(found!.tree, {
      stillFail: async (candidates) => {
        batches.push(candidates.length);
        return candidates.map(hasLoop);
      },
    });
    expect(hasLoop(result.tree)).toBe(true);
    const before = treeStats(ModuleSetSchema, found!.tree).nodes;
    const after = treeStats(ModuleSetSchema, result.tree).nodes;
    expect(after).toBeLessThan(before / 2);
    // What is left is one loop statement (with what is inside it), out of the blocks, ifs
    // and loops around it.
    expect(result.tree.program?.body).toHaveLength(1);
    expect(['while', 'repeat']).toContain(result.tree.program!.body[0]!.statOneof.case);
    expect(result.rounds).toBe(batches.length);
    expect(result.attempts).toBe(batches.reduce((a, b) => a + b, 0));
    expect(Math.max(...batches)).toBeLessThanOrEqual(48);
  });

  it('returns the tree unchanged when no deletion still fails', async () => {
    const [p] = generatePrograms(arbitrary, 3, [0]);
    const result = await reduceStatements(p!.tree, {
      stillFail: async (candidates) => candidates.map(() => false),
    });
    expect(result.tree).toBe(p!.tree);
  });
});
