import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import {
  luauArbitraries,
  type LuauArbitraryOptions,
  type LuauFeatures,
  type ValidityLevel,
} from '../../src/arbitrary/index.js';
import { treeStats } from '../../src/tree/index.js';
import { featureCounts, longestBlocks } from '../helpers/feature-counts.js';

const features: (keyof LuauFeatures)[] = [
  'typeAnnotations',
  'typeAliases',
  'generics',
  'attributes',
  'typeFunctions',
  'interpolatedStrings',
  'integerLiterals',
  'compoundAssignment',
  'continue',
  'ifExpressions',
  'modules',
];

function sample(options: LuauArbitraryOptions, seed: number, numRuns: number) {
  return fc.sample(luauArbitraries(options).moduleSet, { seed, numRuns });
}

function totals(options: LuauArbitraryOptions, seed: number, numRuns: number) {
  const sum = Object.fromEntries(features.map((f) => [f, 0])) as Record<keyof LuauFeatures, number>;
  for (const tree of sample(options, seed, numRuns)) {
    const counts = featureCounts(tree);
    for (const f of features) sum[f] += counts[f];
  }
  return sum;
}

describe('luauArbitraries', () => {
  it('generates every switchable feature when all are on (the counts below can see them)', () => {
    const on = totals({ level: 'syntax', profile: 'luau' }, 1, 300);
    for (const f of features) expect(on[f], f).toBeGreaterThan(0);
  });

  // Sample sizes keep the file fast; at the syntax level the smallest count with the feature
  // on (`continue`) is 3 per 300 trees.
  const levels: [ValidityLevel, number][] = [
    ['syntax', 150],
    ['scoped', 60],
    ['runnable', 60],
    ['typed', 60],
  ];
  for (const [level, runs] of levels) {
    // The typed level exists to carry annotations: it does not switch them off.
    const switchable =
      level === 'typed' ? features.filter((f) => f !== 'typeAnnotations') : features;
    it(`never generates a feature switched off, at the ${level} level`, () => {
      const seen: Record<string, number> = {};
      for (const f of switchable) {
        seen[f] = totals({ level, profile: 'luau', features: { [f]: false } }, 2, runs)[f];
      }
      expect(seen).toEqual(Object.fromEntries(switchable.map((f) => [f, 0])));
    });
  }

  it('generates no type syntax with types: false', () => {
    const off = totals({ level: 'scoped', profile: 'luau', types: false }, 3, 200);
    expect([off.typeAnnotations, off.typeAliases, off.generics, off.typeFunctions]).toEqual([
      0, 0, 0, 0,
    ]);
  });

  // At the runnable and typed levels the top-level block draws more than maxStatements (up
  // to three times, fewer at typed), and blocks and trees carry a set-up that the limits do not count: the fuel
  // table and loop guards, the input tables, the shared metatable and its metamethods, and the
  // checksum prints of every block's locals. A module has a set-up of its own (typed
  // metamethods annotate their parameters, so a typed program with a module carries the most).
  const bounds: [ValidityLevel, [number, number], number, number][] = [
    ['syntax', [1, 0], 0, 60],
    ['scoped', [1, 0], 0, 60],
    ['runnable', [3, 15], 7, 1400],
    ['typed', [2, 17], 7, 1600],
  ];
  for (const [level, [times, extraTop], extraStatements, extraNodes] of bounds) {
    const topLimit = (maxStatements: number) => times * maxStatements + extraTop;
    it(`keeps blocks within maxStatements and trees near maxNodes, at the ${level} level`, () => {
      for (const [maxStatements, maxNodes] of [
        [2, 60],
        [4, 120],
      ] as const) {
        let top = 0;
        let inner = 0;
        let nodes = 0;
        for (const tree of sample(
          { level, profile: 'luau-web', maxStatements, maxNodes },
          4,
          150,
        )) {
          const blocks = longestBlocks(tree);
          top = Math.max(top, blocks.top);
          inner = Math.max(inner, blocks.inner);
          nodes = Math.max(nodes, treeStats(ModuleSetSchema, tree).nodes);
        }
        expect({ top, inner, nodes }).toEqual({
          top: expect.toSatisfy((n: number) => n <= topLimit(maxStatements)) as number,
          inner: expect.toSatisfy((n: number) => n <= maxStatements + extraStatements) as number,
          nodes: expect.toSatisfy((n: number) => n <= maxNodes + extraNodes) as number,
        });
        // The limits bind: without them the same seed gives longer blocks and larger trees.
        let freeTop = 0;
        let freeNodes = 0;
        for (const tree of sample(
          { level, profile: 'luau-web', maxStatements: 8, maxNodes: 1000 },
          4,
          150,
        )) {
          freeTop = Math.max(freeTop, longestBlocks(tree).top);
          freeNodes = Math.max(freeNodes, treeStats(ModuleSetSchema, tree).nodes);
        }
        expect(freeTop).toBeGreaterThan(topLimit(maxStatements));
        expect(freeNodes).toBeGreaterThan(maxNodes + extraNodes);
      }
    });
  }

  it('keeps blocks within maxStatements at the schema level, where maxNodes does not apply', () => {
    for (const tree of sample({ level: 'schema', maxStatements: 2, maxNodes: 30 }, 5, 200)) {
      const { top, inner } = longestBlocks(tree);
      expect(Math.max(top, inner)).toBeLessThanOrEqual(2);
    }
  });
});
