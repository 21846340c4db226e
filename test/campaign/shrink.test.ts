import { describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { campaignArbitrary, generatePrograms, sourcesOf } from '../../src/campaign/programs.js';
import { shrinkProgram } from '../../src/campaign/shrink.js';
import { treeStats } from '../../src/tree/index.js';

const arbitrary = campaignArbitrary({ level: 'syntax', profile: 'luau-web', maxNodes: null });
const seed = 5;
const hasWhile = (tree: Parameters<typeof sourcesOf>[0]): boolean => {
  try {
    return sourcesOf(tree).program.includes('while');
  } catch {
    return false;
  }
};
const found = generatePrograms(
  arbitrary,
  seed,
  Array.from({ length: 60 }, (_, i) => i),
).find((p) => p.program.includes('while'))!;

describe('shrinkProgram', () => {
  it('replays the campaign program and shrinks it with fast-check', async () => {
    const result = await shrinkProgram({
      arbitrary,
      seed,
      index: found.index,
      stillFails: async (t) => hasWhile(t),
    });
    expect(result.reproduced).toBe(true);
    expect(hasWhile(result.tree)).toBe(true);
    expect(treeStats(ModuleSetSchema, result.tree).nodes).toBeLessThan(found.nodes);
    expect(treeStats(ModuleSetSchema, result.tree).nodes).toBeLessThanOrEqual(10);
  });

  it('stops at the attempt budget and reports a program that does not fail again', async () => {
    const limited = await shrinkProgram({
      arbitrary,
      seed,
      index: found.index,
      maxAttempts: 3,
      stillFails: async (t) => hasWhile(t),
    });
    expect(limited.attempts).toBe(3);
    expect(limited.budgetExhausted).toBe(true);
    const flaky = await shrinkProgram({
      arbitrary,
      seed,
      index: found.index,
      stillFails: async () => false,
    });
    expect(flaky.reproduced).toBe(false);
    expect(flaky.attempts).toBe(1);
  });

  it('shrinks a runnable program through its record of choices', async () => {
    const runnable = campaignArbitrary({ level: 'runnable', profile: 'luau', maxNodes: null });
    const program = generatePrograms(
      runnable,
      seed,
      Array.from({ length: 60 }, (_, i) => i),
    ).find((p) => p.program.includes('while'))!;
    const result = await shrinkProgram({
      arbitrary: runnable,
      seed,
      index: program.index,
      maxAttempts: 150,
      stillFails: async (t) => hasWhile(t),
    });
    expect(result.reproduced).toBe(true);
    expect(result.attempts).toBeLessThanOrEqual(150);
    expect(hasWhile(result.tree)).toBe(true);
    expect(treeStats(ModuleSetSchema, result.tree).nodes).toBeLessThan(program.nodes);
  });
});
