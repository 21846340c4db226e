import { describe, expect, it } from 'vitest';
import { LOOP_FUEL } from '../../../../src/arbitrary/index.js';
import { LuauBatchRunner } from '../../../../src/runtime/index.js';
import { samplePrograms } from '../../../helpers/batch-programs.js';
import { haveLuauTools, tools } from '../../../helpers/luau-tools.js';
import { needsShared } from '../../../helpers/shared.js';

describe('fuelGuard', () => {
  it.skipIf(!haveLuauTools)(
    'leaves most programs fuel at the end: each loop stops at its own count first',
    { ...needsShared, timeout: 120_000 },
    async () => {
      const first = new RegExp(`^local (l\\d+) = \\{${LOOP_FUEL}\\}\n`);
      const programs = samplePrograms({ level: 'runnable', profile: 'luau' }, 23, 300).flatMap(
        (p) => {
          const fuel = first.exec(p.program)?.[1];
          // The program's fuel left when it ends, on a line of its own.
          return fuel === undefined
            ? []
            : [{ ...p, program: `${p.program}\nprint("fuel left", ${fuel}[1])\n` }];
        },
      );
      expect(programs.length).toBeGreaterThan(150);
      const batch = new LuauBatchRunner(programs);
      try {
        const runs = await batch.run({ luau: tools().luau, args: ['-O2'] });
        const left = runs.map((r) => /^fuel left\t(-?\d+)$/m.exec(r.stdout)?.[1]);
        expect(runs.filter((r) => r.status !== 'ok').map((r) => r.error)).toEqual([]);
        expect(left.filter((l) => l === undefined)).toEqual([]);
        // A loop without a count of its own (`while true do`) took all of the chunk's fuel in
        // 38 % of these programs, and every loop after it printed nothing.
        const out = left.filter((l) => l === '0').length;
        expect(out / programs.length).toBeLessThan(0.1);
      } finally {
        batch.close();
      }
    },
  );
});
