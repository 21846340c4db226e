import { create } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema, StatSchema } from '../../gen/luau_pb.js';
import { luauArbitraries } from '../../src/arbitrary/index.js';
import { treeKinds, treeStats } from '../../src/tree/index.js';

describe('treeKinds', () => {
  it('counts the nodes and kinds of treeStats, keys in the same order, on generated trees', () => {
    for (const level of ['schema', 'runnable'] as const) {
      const trees = fc.sample(luauArbitraries({ level }).moduleSet, { seed: 7, numRuns: 60 });
      for (const tree of trees) {
        const stats = treeStats(ModuleSetSchema, tree);
        const counted = treeKinds(ModuleSetSchema, tree);
        expect(counted.nodes).toBe(stats.nodes);
        // Same keys in the same order: a campaign's results.jsonl lines stay byte for byte.
        expect(JSON.stringify(counted.kinds)).toBe(JSON.stringify(stats.kinds));
      }
    }
  });

  it('counts a tree from another root kind, and the next tree from zero', () => {
    const stat = create(StatSchema, {
      statOneof: { case: 'break', value: {} },
    });
    expect(treeKinds(StatSchema, stat)).toEqual({ nodes: 2, kinds: { Stat: 1, StatBreak: 1 } });
    expect(treeKinds(StatSchema, stat)).toEqual({ nodes: 2, kinds: { Stat: 1, StatBreak: 1 } });
  });

  it('names the argument that is not a descriptor or not a message', () => {
    const tree = create(ModuleSetSchema);
    expect(() => treeKinds(tree as never, tree)).toThrow(/message descriptor/);
    expect(() => treeKinds(ModuleSetSchema, {} as never)).toThrow(/luau.*ModuleSet message/i);
  });
});
