import { describe, expect, it } from 'vitest';
import { samplePrograms } from '../../../helpers/batch-programs.js';
import { haveLuauTools } from '../../../helpers/luau-tools.js';
import { notAlike } from '../../../helpers/runnable-alike.js';
import { needsShared } from '../../../helpers/shared.js';

describe('vectorModel', () => {
  it('computes with vectors in both profiles, printing them through tostring, components and ==', () => {
    for (const profile of ['luau', 'luau-web'] as const) {
      const sources = samplePrograms({ level: 'runnable', profile }, 41, 400).map((p) => p.program);
      const using = sources.filter((s) => s.includes('vector.create('));
      expect(using.length).toBeGreaterThan(40);
      // No floor division of vectors: native code rounds it unlike the interpreter.
      expect(using.filter((s) => /vector\.create\([^\n]*\) \/\/ vector/.test(s))).toEqual([]);
    }
  });

  it.skipIf(!haveLuauTools)(
    'gives vector programs that run clean alike at -O0, -O2 and --codegen',
    { ...needsShared, timeout: 120_000 },
    async () => {
      const programs = samplePrograms({ level: 'runnable', profile: 'luau' }, 42, 400)
        .filter((p) => p.program.includes('vector.create('))
        .slice(0, 80);
      expect(programs.length).toBeGreaterThan(40);
      expect(await notAlike(programs)).toEqual([]);
    },
  );
});
