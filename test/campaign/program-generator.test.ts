import { toBinary } from '@bufbuild/protobuf';
import { describe, expect, it } from 'vitest';
import { ModuleSetSchema } from '../../gen/luau_pb.js';
import { generatorSettingTable, resolveGeneratorSettings } from '../../src/arbitrary/index.js';
import { ProgramGenerator } from '../../src/campaign/program-generator.js';
import { campaignArbitrary, generatePrograms } from '../../src/campaign/programs.js';
import type { CampaignProgram } from '../../src/campaign/programs.js';

// A limit other than the default, so that threads given other settings than the calling thread
// draw other programs.
const settings = resolveGeneratorSettings(generatorSettingTable, {
  level: 'runnable',
  profile: 'luau-web',
  maxDepth: 4,
  seed: 77,
});
const indices = [...Array.from({ length: 30 }, (_, i) => i), 100, 101, 102, 250];

const plain = (p: CampaignProgram) => ({
  index: p.index,
  program: p.program,
  module: p.module,
  nodes: p.nodes,
  kinds: p.kinds,
  printError: p.printError,
  tree: Buffer.from(toBinary(ModuleSetSchema, p.tree)).toString('base64'),
});

describe('ProgramGenerator', () => {
  it('generates the same programs as generatePrograms, whatever the number of threads', async () => {
    const expected = generatePrograms(campaignArbitrary(settings), settings.seed, indices).map(
      plain,
    );
    for (const threads of [0, 3]) {
      const generator = new ProgramGenerator(settings, { threads });
      try {
        const shuffled = [...indices].reverse();
        const got = [
          ...(await generator.generate(shuffled.slice(0, 10))),
          ...(await generator.generate(shuffled.slice(10))),
        ].sort((a, b) => a.index - b.index);
        expect({ threads, programs: got.map(plain) }).toEqual({ threads, programs: expected });
      } finally {
        await generator.close();
      }
    }
  }, 120_000);

  it('generates the upcoming indices in advance, and the same programs', async () => {
    const upcoming = Array.from({ length: 40 }, (_, i) => i);
    const generator = new ProgramGenerator(settings, { threads: 2, upcoming, readAhead: 20 });
    const arbitrary = campaignArbitrary(settings);
    try {
      const seen: CampaignProgram[] = [];
      while (upcoming.length > 0) seen.push(...(await generator.generate(upcoming.splice(0, 7))));
      expect(seen.map(plain)).toEqual(
        generatePrograms(
          arbitrary,
          settings.seed,
          Array.from({ length: 40 }, (_, i) => i),
        ).map(plain),
      );
      await generator.close();
      await expect(generator.generate([1])).rejects.toThrow(/closed/);
    } finally {
      await generator.close();
    }
  }, 120_000);
});
