import { describe, expect, it } from 'vitest';
import { generatorSettingTable, resolveGeneratorSettings } from '../../src/arbitrary/index.js';
import { BatchSizer } from '../../src/campaign/batches.js';
import { ProgramGenerator } from '../../src/campaign/program-generator.js';
import { freshPrograms } from '../../src/campaign/program-source.js';
import { campaignArbitrary, generatePrograms } from '../../src/campaign/programs.js';

const settings = resolveGeneratorSettings(generatorSettingTable, {
  seed: 12,
  level: 'syntax',
  profile: 'luau-web',
});

describe('freshPrograms', () => {
  it('gives the pending indices in order, drawn from the seed, and counts what remains', async () => {
    const pending = [3, 4, 5, 9, 10];
    const generator = new ProgramGenerator(settings, { threads: 0 });
    try {
      const source = freshPrograms(generator, pending);
      expect(source.remaining).toBe(5);
      const first = await source.next(3);
      expect(source.remaining).toBe(2);
      const rest = await source.next(10);
      expect(source.remaining).toBe(0);
      const expected = generatePrograms(
        campaignArbitrary(settings),
        settings.seed,
        [3, 4, 5, 9, 10],
      );
      expect([...first, ...rest].map((p) => [p.index, p.program])).toEqual(
        expected.map((p) => [p.index, p.program]),
      );
    } finally {
      await generator.close();
    }
  });
});

describe('BatchSizer', () => {
  const sizes = (sizer: BatchSizer, count: number, slots: number): number[] => {
    const out: number[] = [];
    for (let remaining = count; remaining > 0;) {
      const size = sizer.next(remaining, slots);
      out.push(size);
      remaining -= size;
    }
    return out;
  };

  it('sizes every batch from the count once, two per slot', () => {
    expect(sizes(new BatchSizer(1000), 1032, 2)).toEqual([258, 258, 258, 258]);
  });

  it('keeps to the batch size, and leaves no remainder under the minimum to a run of its own', () => {
    expect(sizes(new BatchSizer(300), 2000, 2)).toEqual([300, 300, 300, 300, 300, 300, 200]);
    expect(sizes(new BatchSizer(1000), 2100, 2)).toEqual([525, 525, 525, 525]);
    expect(sizes(new BatchSizer(1000), 150, 4)).toEqual([150]);
  });
});
