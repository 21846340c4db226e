import { toBinary } from '@bufbuild/protobuf';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema, type ModuleSet } from '../../gen/luau_pb.js';
import { campaignArbitrary, drawPrograms, generatePrograms } from '../../src/campaign/programs.js';

const settings = { level: 'runnable', profile: 'luau-web', maxNodes: null } as const;
const seed = 31;
const binary = (tree: ModuleSet): string =>
  Buffer.from(toBinary(ModuleSetSchema, tree)).toString('base64');

describe('generatePrograms', () => {
  it('draws at index i the tree fast-check replays at run i of the seed', () => {
    const arbitrary = campaignArbitrary(settings);
    const programs = generatePrograms(arbitrary, seed, [12, 3, 4, 5]);
    expect(programs.map((p) => p.index)).toEqual([3, 4, 5, 12]);
    // What a finding's shrinking replays: the plain arbitrary at `path: String(i)`.
    const replayed = [
      ...fc.sample(arbitrary, { seed, path: '3', numRuns: 3 }),
      ...fc.sample(arbitrary, { seed, path: '12', numRuns: 1 }),
    ];
    expect(programs.map((p) => binary(p.tree))).toEqual(replayed.map(binary));
  });
});

describe('drawPrograms', () => {
  it('makes each drawn tree with its own index, in increasing index order', () => {
    const arbitrary = campaignArbitrary(settings);
    const made = drawPrograms(arbitrary, seed, [7, 2, 8], (index, tree) => ({
      index,
      tree: binary(tree),
    }));
    expect(made).toEqual(
      generatePrograms(arbitrary, seed, [2, 7, 8]).map((p) => ({
        index: p.index,
        tree: binary(p.tree),
      })),
    );
  });
});
