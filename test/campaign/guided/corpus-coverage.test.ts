import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { LuauArbitraryOptions } from '../../../src/arbitrary/index.js';
import { corpusCoverage } from '../../../src/campaign/guided/index.js';
import { corpusOf } from '../../helpers/corpus-folder.js';
import { coverageBuildDir, haveCoverageBuild } from '../../helpers/coverage-build.js';
import { needsShared } from '../../helpers/shared.js';

const root = mkdtempSync(join(tmpdir(), 'corpus-coverage-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const luau = join(coverageBuildDir, 'luau');

const runnable: LuauArbitraryOptions = { level: 'runnable', profile: 'luau' };
const corpus = (name: string, count: number): string => corpusOf(root, name, runnable, count, 5);

describe.runIf(haveCoverageBuild)('corpusCoverage', needsShared, () => {
  it('measures a corpus per component in the coverage runtime’s mode', async () => {
    const small = await corpusCoverage(corpus('small', 2), `luau-cli:-O0:path=${luau}`);
    const large = await corpusCoverage(corpus('large', 20), `luau-cli:-O0:path=${luau}`);
    if (!('measured' in small) || !('measured' in large)) throw new Error('not measured');
    expect(large.measured.modes).toEqual(['run-O0']);
    expect(large.measured.generated.programs).toBe(20);
    const vm = (c: typeof small) =>
      'measured' in c
        ? c.measured.tools[0]!.components.find((x) => x.component === 'VM')!.lines.generated
        : 0;
    expect(vm(small)).toBeGreaterThan(0);
    expect(vm(large)).toBeGreaterThan(vm(small));
  }, 120_000);

  it('says why it measured nothing: options of no mode, LLVM tools missing', async () => {
    const dir = corpus('unmeasured', 1);
    expect(await corpusCoverage(dir, `luau-cli:-O2:--codegen-cold:path=${luau}`)).toEqual({
      unavailable: expect.stringContaining(
        'options (-O2 --codegen-cold) are none of the modes',
      ) as string,
    });
    const missing = await corpusCoverage(dir, `luau-cli:-O2:path=${luau}`, { llvmBin: root });
    expect('unavailable' in missing && missing.unavailable).toMatch(/llvm-profdata/);
  });
});
