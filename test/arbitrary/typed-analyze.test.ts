import { describe, expect, it } from 'vitest';
import { analyzeStrict } from '../helpers/luau-analyze.js';
import { describeFailures, samplePrograms } from '../helpers/batch-programs.js';
import { haveLuauTools, tools } from '../helpers/luau-tools.js';

const count = 1000;
/** Fixed seeds, so that a failure is the same on every run; `LUAU_FUZZ_SEED` runs another. */
const seeds = process.env['LUAU_FUZZ_SEED'] ? [Number(process.env['LUAU_FUZZ_SEED'])] : [1, 2];

describe.skipIf(!haveLuauTools)('analyzeStrict', () => {
  it('finds the type error of a program and passes a sound one', async () => {
    const errors = await analyzeStrict(tools().luauAnalyze, [
      { program: 'local x: number = "a"\nprint(x)' },
      { program: 'local x: number = 1\nprint(x)' },
      { program: 'local m = require(module0)\nprint(m + 1)', module: 'return 5' },
    ]);
    expect(errors[0]?.[0]).toMatch(/TypeError/);
    expect(errors.slice(1)).toEqual([[], []]);
  });
});

describe.skipIf(!haveLuauTools)('luauArbitraries', () => {
  it.each(seeds)(
    'gives 1,000 typed programs (seed %i) that all pass luau-analyze --mode=strict',
    async (seed) => {
      const programs = samplePrograms({ level: 'typed', profile: 'luau' }, seed, count);
      const errors = await analyzeStrict(tools().luauAnalyze, programs);
      const failures = errors.flatMap((e, index) =>
        e.length === 0 ? [] : [{ index, why: e.slice(0, 5).join('\n'), program: programs[index]! }],
      );
      expect(failures.length, describeFailures(seed, failures, count)).toBe(0);
    },
    300_000,
  );
});
