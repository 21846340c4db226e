import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { luauArbitraries, type LuauArbitraryOptions } from '../../src/arbitrary/index.js';
import { formatSampleMeasures, measureSample } from '../../src/cli/sample-measures.js';
import { printPretty } from '../../src/print/index.js';
import { haveLuauTools, tools } from '../helpers/luau-tools.js';
import { needsShared } from '../helpers/shared.js';

function printedSample(options: LuauArbitraryOptions, seed: number, count: number): string[][] {
  return fc
    .sample(luauArbitraries(options).moduleSet, { seed, numRuns: count })
    .map((t) => printPretty(t));
}

describe('measureSample', () => {
  it('counts the exact duplicates of a sample without a compiler', async () => {
    // Schema-level trees of a tiny size limit repeat: the rate is above zero and consistent.
    const m = await measureSample(
      printedSample({ level: 'syntax', maxNodes: 3, maxDepth: 1 }, 1, 200),
      undefined,
    );
    expect(m.duplicates.count).toBe(200);
    expect(m.duplicates.duplicates).toBe(200 - m.duplicates.distinct);
    expect(m.duplicates.duplicates).toBeGreaterThan(0);
    expect(m.bytecode).toBeUndefined();
    expect(formatSampleMeasures(m)).toMatch(/bytecode coverage: not measured/);
  });

  it.skipIf(!haveLuauTools)(
    'compiles the sample with luau-compile and counts opcodes',
    needsShared,
    async () => {
      const m = await measureSample(
        printedSample({ level: 'runnable', profile: 'luau' }, 3, 30),
        tools().luauCompile,
      );
      expect(m.bytecode?.sources).toBeGreaterThanOrEqual(30);
      expect(m.bytecode?.compileErrors).toBe(0);
      expect(Object.keys(m.bytecode?.opcodes ?? {}).length).toBeGreaterThan(10);
      expect(formatSampleMeasures(m)).toMatch(/\d+ distinct opcodes \(conformance tests: 77\)/);
    },
  );
});
